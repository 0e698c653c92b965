package fetch

import (
	"bufio"
	"compress/flate"
	"compress/gzip"
	"compress/zlib"
	"errors"
	"io"
	"net/http"
	"strings"
)

// acceptEncoding is what Get offers; decodeBody undoes both.
const acceptEncoding = "gzip, deflate"

// wireCounter counts the bytes read from the connection, before decoding,
// and notes whether the body came whole (its reader said io.EOF).
type wireCounter struct {
	r     io.Reader
	n     int64
	whole bool
}

func (w *wireCounter) Read(p []byte) (int, error) {
	n, err := w.r.Read(p)
	w.n += int64(n)
	w.whole = w.whole || err == io.EOF
	return n, err
}

// readBody reads resp's body, decoded, up to limit bytes. It returns the
// body, the bytes that crossed the wire, and whether the body was cut at
// limit. When strict, a body over the limit is an errTooLarge instead.
func readBody(resp *http.Response, limit int64, strict bool) (body []byte, wire int64, cut bool, err error) {
	counter := &wireCounter{r: resp.Body}
	encodings := contentEncodings(resp.Header)
	if strict && len(encodings) == 0 && resp.ContentLength > limit {
		return nil, 0, false, errTooLarge{limit}
	}
	r, err := decodeBody(counter, encodings)
	if err != nil {
		return nil, counter.n, false, decodeError(encodings, err, counter.whole)
	}
	body, err = readAll(io.LimitReader(r, limit+1), sizeHint(resp, encodings, limit))
	if err != nil {
		return nil, counter.n, false, decodeError(encodings, err, counter.whole)
	}
	if int64(len(body)) > limit {
		if strict {
			return nil, counter.n, false, errTooLarge{limit}
		}
		return body[:limit], counter.n, true, nil
	}
	return body, counter.n, false, nil
}

// maxSizeHint bounds the room readBody sets aside before the body comes: a
// server may declare a length it never sends, and that must not cost up to
// the body limit per fetch. Few feeds are larger; past it, a declared
// length is trusted once that much has come (see readAll).
const maxSizeHint = 1 << 20

// sizeHint is the declared length of a body that is not encoded, within
// limit, else 0 (unknown).
func sizeHint(resp *http.Response, encodings []string, limit int64) int {
	if len(encodings) > 0 || resp.ContentLength <= 0 || resp.ContentLength > limit {
		return 0
	}
	return int(resp.ContentLength)
}

// maxChunk is the largest piece readAll reads a body of unknown length
// into before joining the pieces.
const maxChunk = 1 << 20

// readAll reads r to its end as io.ReadAll does, with fewer and smaller
// allocations. It starts with room for declared bytes and one more, up to
// maxSizeHint, so a body of the declared length is read into one
// allocation; when a longer declared length has been borne out that far,
// it makes room for the rest at once. A body of unknown length (or longer
// than declared) is read into pieces that double up to maxChunk and are
// joined once at the end: about twice its length allocated in all, where
// growing one slice (io.ReadAll) allocates about five times. A declared
// length that is wrong only costs growth.
func readAll(r io.Reader, declared int) ([]byte, error) {
	b := make([]byte, 0, max(min(declared, maxSizeHint)+1, 512))
	var pieces [][]byte // full pieces before b, in order
	for {
		n, err := r.Read(b[len(b):cap(b)])
		b = b[:len(b)+n]
		if err != nil {
			if err == io.EOF {
				err = nil
			}
			return join(pieces, b), err
		}
		if len(b) < cap(b) {
			continue
		}
		if pieces == nil && declared >= cap(b) {
			b = append(make([]byte, 0, declared+1), b...) // the rest of the declared length
			continue
		}
		pieces = append(pieces, b)
		b = make([]byte, 0, min(2*cap(b), maxChunk))
	}
}

// join returns the pieces and last as one slice: last itself when there
// are no pieces.
func join(pieces [][]byte, last []byte) []byte {
	if len(pieces) == 0 {
		return last
	}
	n := len(last)
	for _, p := range pieces {
		n += len(p)
	}
	out := make([]byte, 0, n)
	for _, p := range pieces {
		out = append(out, p...)
	}
	return append(out, last...)
}

// contentEncodings lists the codings applied to the body, in the order the
// server applied them, leaving out identity.
func contentEncodings(h http.Header) []string {
	var out []string
	for _, line := range h.Values("Content-Encoding") {
		for _, coding := range strings.Split(line, ",") {
			coding = strings.ToLower(strings.TrimSpace(coding))
			if coding != "" && coding != "identity" {
				out = append(out, coding)
			}
		}
	}
	return out
}

// decodeBody undoes encodings, last applied first.
func decodeBody(r io.Reader, encodings []string) (io.Reader, error) {
	for i := len(encodings) - 1; i >= 0; i-- {
		var err error
		if r, err = decoder(r, encodings[i]); err != nil {
			return nil, err
		}
	}
	return r, nil
}

// decoder returns a reader that undoes one content coding.
func decoder(r io.Reader, coding string) (io.Reader, error) {
	switch coding {
	case "gzip", "x-gzip":
		return gzip.NewReader(r)
	case "deflate":
		return deflateReader(r)
	}
	return nil, errDecode{encoding: coding, err: errors.New("unsupported (only gzip and deflate were offered)")}
}

// deflateReader reads "deflate" bodies, which by the standard are zlib
// streams but which some servers send as raw DEFLATE data.
func deflateReader(r io.Reader) (io.Reader, error) {
	br := bufio.NewReader(r)
	head, err := br.Peek(2)
	if err != nil && !errors.Is(err, io.EOF) {
		return nil, err
	}
	if isZlibHeader(head) {
		return zlib.NewReader(br)
	}
	return flate.NewReader(br), nil
}

// isZlibHeader reports whether b starts with a zlib header: method 8
// (deflate) and a check value making the first two bytes a multiple of 31.
func isZlibHeader(b []byte) bool {
	return len(b) == 2 && b[0]&0x0f == 8 && (uint16(b[0])<<8|uint16(b[1]))%31 == 0
}

// decodeError wraps a read error as a decode error when the body was
// encoded and the failure came from the decoder rather than the network:
// a corrupt stream, or one cut short in a body that came whole (whole:
// the connection delivered all of it, so the encoder, not the network,
// stopped early).
func decodeError(encodings []string, err error, whole bool) error {
	var de errDecode
	if len(encodings) == 0 || errors.As(err, &de) {
		return err
	}
	if errors.Is(err, gzip.ErrHeader) || errors.Is(err, gzip.ErrChecksum) ||
		errors.Is(err, zlib.ErrHeader) || errors.Is(err, zlib.ErrChecksum) ||
		isFlateCorrupt(err) || whole && errors.Is(err, io.ErrUnexpectedEOF) {
		return errDecode{encoding: strings.Join(encodings, ", "), err: err}
	}
	return err
}

// isFlateCorrupt reports whether err says the DEFLATE data was corrupt.
func isFlateCorrupt(err error) bool {
	var ce flate.CorruptInputError
	return errors.As(err, &ce)
}
