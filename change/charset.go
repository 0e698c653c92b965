package change

import (
	"bytes"
	"io"

	"golang.org/x/net/html/charset"
)

// bodyReader returns the body decoded to UTF-8 as charset.NewReader does,
// without its decoding pass when that pass is the identity: a body of
// ASCII bytes only whose encoding is UTF-8 or windows-1252 (the default
// of pages that declare none), both of which map ASCII to itself.
func bodyReader(body []byte, contentType string) io.Reader {
	_, name, _ := charset.DetermineEncoding(body, contentType)
	if (name == "utf-8" || name == "windows-1252") && isASCII(body) {
		return bytes.NewReader(body)
	}
	r, err := charset.NewReader(bytes.NewReader(body), contentType)
	if err != nil {
		return bytes.NewReader(body)
	}
	return r
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
