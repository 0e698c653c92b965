package change

import (
	"bytes"
	"encoding/binary"
	"io"

	"golang.org/x/net/html/charset"
)

// bodyBytes returns the body decoded to UTF-8 as charset.NewReader
// decodes it, without its decoding pass (the body itself) when that pass
// is the identity: a body of ASCII bytes only whose encoding is UTF-8 or
// windows-1252 (the default of pages that declare none), both of which
// map ASCII to itself. A decoding error ends the page where it occurs, as
// it ends the HTML tokenizer's read.
func bodyBytes(body []byte, contentType string) []byte {
	_, name, _ := charset.DetermineEncoding(body, contentType)
	if (name == "utf-8" || name == "windows-1252") && isASCII(body) {
		return body
	}
	r, err := charset.NewReader(bytes.NewReader(body), contentType)
	if err != nil {
		return body
	}
	page, _ := io.ReadAll(r)
	return page
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
