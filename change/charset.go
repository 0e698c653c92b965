package change

import (
	"bytes"
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

// isASCII reports whether b holds ASCII bytes only.
func isASCII(b []byte) bool {
	for _, c := range b {
		if c >= 0x80 {
			return false
		}
	}
	return true
}
