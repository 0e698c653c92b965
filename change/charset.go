package change

import (
	"bytes"
	"encoding/binary"
	"io"
	"mime"
	"unicode/utf8"

	"golang.org/x/net/html/charset"
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

// jsonBytes returns a JSON body decoded to UTF-8 where its Content-Type
// names a charset or it starts with a UTF-16 byte order mark, and as it is
// otherwise: JSON is UTF-8 (RFC 8259 §8.1), so an undeclared body is not
// guessed at as plain text is (bodyBytes's windows-1252).
func jsonBytes(body []byte, contentType string) []byte {
	_, params, err := mime.ParseMediaType(contentType)
	if err == nil && params["charset"] != "" || bytes.HasPrefix(body, []byte{0xFF, 0xFE}) || bytes.HasPrefix(body, []byte{0xFE, 0xFF}) {
		return bodyBytes(body, contentType)
	}
	return body
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
