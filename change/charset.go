package change

import (
	"bytes"
	"encoding/binary"
	"io"
	"mime"
	"unicode/utf8"

	"golang.org/x/net/html/charset"
	"golang.org/x/text/encoding"
	"golang.org/x/text/encoding/charmap"
)

// bodyBytes returns the body decoded to UTF-8 as charset.NewReader
// decodes it, without its decoding pass (the body itself) when that pass
// is the identity: a body of ASCII bytes only whose encoding is UTF-8 or
// windows-1252 (the default of pages that declare none), both of which
// map ASCII to itself. A decoding error ends the page where it occurs, as
// it ends the HTML tokenizer's read. Valid UTF-8 without a byte order
// mark is the identity too.
func bodyBytes(body []byte, contentType string) []byte {
	_, name, _ := charset.DetermineEncoding(body, contentType)
	if (name == "utf-8" || name == "windows-1252") && isASCII(body) || name == "utf-8" && !bytes.HasPrefix(body, utf8BOM) && utf8.Valid(body) {
		return body
	}
	// Decode twice, counting first, so the page is allocated once at its
	// size: reading it into a growing buffer allocated several times the
	// page (10 MiB of random bytes read as windows-1252 are ~17 MiB).
	var n counter
	r, err := charset.NewReader(bytes.NewReader(body), contentType)
	if err != nil {
		return body
	}
	io.Copy(&n, r) // an error ends the page in both passes alike
	page := make([]byte, int(n))
	r, _ = charset.NewReader(bytes.NewReader(body), contentType)
	// ReadFull, not a bytes.Buffer: the buffer's ReadFrom asks for room
	// past what it holds and would double the page for its last read.
	k, _ := io.ReadFull(r, page)
	return page[:k]
}

// textBytes returns a plain-text body decoded to UTF-8: by its UTF-16
// byte order mark, else the charset its Content-Type names, else as it is
// when it is valid UTF-8 (all of it, not a first kilobyte), else as
// windows-1252, the usual encoding of undeclared text that is not UTF-8.
// Unlike HTML, text is never sniffed for a <meta charset>: those words may
// be its text.
func textBytes(body []byte, contentType string) []byte {
	if utf16Marked(body) {
		return bodyBytes(body, contentType)
	}
	if enc := declared(contentType); enc != nil {
		return decodeWith(enc, body)
	}
	if utf8.Valid(body) {
		return body
	}
	return decodeWith(charmap.Windows1252, body)
}

// jsonBytes returns a JSON body decoded to UTF-8. JSON is UTF-8 (RFC 8259
// §8.1, which gives a charset parameter no meaning), so valid UTF-8 is
// kept whatever the label; other bytes are decoded by a UTF-16 byte order
// mark or the charset the Content-Type names, and kept as they are
// without one.
func jsonBytes(body []byte, contentType string) []byte {
	switch {
	case utf8.Valid(body):
		return body
	case utf16Marked(body):
		return bodyBytes(body, contentType)
	}
	if enc := declared(contentType); enc != nil {
		return decodeWith(enc, body)
	}
	return body
}

// utf16Marked reports whether body starts with a UTF-16 byte order mark.
func utf16Marked(body []byte) bool {
	return bytes.HasPrefix(body, []byte{0xFF, 0xFE}) || bytes.HasPrefix(body, []byte{0xFE, 0xFF})
}

// declared returns the encoding the Content-Type's charset names, or nil
// when it names none, one not known, or UTF-8 (nothing to decode).
func declared(contentType string) encoding.Encoding {
	_, params, err := mime.ParseMediaType(contentType)
	if err != nil || params["charset"] == "" {
		return nil
	}
	enc, name := charset.Lookup(params["charset"])
	if enc == nil || name == "utf-8" {
		return nil
	}
	return enc
}

// decodeWith decodes body with enc, ending the text at a byte enc cannot
// decode, as bodyBytes does.
func decodeWith(enc encoding.Encoding, body []byte) []byte {
	out, err := io.ReadAll(enc.NewDecoder().Reader(bytes.NewReader(body)))
	if err != nil && len(out) == 0 {
		return body
	}
	return out
}

// withoutMark returns decoded text without the byte order mark a UTF-16
// body's decoding leaves at its start (U+FEFF), which is no text.
func withoutMark(text []byte) []byte { return bytes.TrimPrefix(text, utf8BOM) }

// counter counts the bytes written to it.
type counter int64

// Write counts p.
func (c *counter) Write(p []byte) (int, error) {
	*c += counter(len(p))
	return len(p), nil
}

// isASCII reports whether b holds ASCII bytes only, eight at a time.
func isASCII(b []byte) bool {
	var acc uint64
	for len(b) >= 8 {
		acc |= binary.LittleEndian.Uint64(b)
		b = b[8:]
	}
	for _, c := range b {
		acc |= uint64(c)
	}
	return acc&0x8080808080808080 == 0
}
