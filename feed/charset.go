package feed

import (
	"bytes"
	"regexp"
	"strings"
	"unicode/utf8"

	"golang.org/x/net/html/charset"
	"golang.org/x/text/encoding"
	"golang.org/x/text/encoding/charmap"
	"golang.org/x/text/encoding/unicode"
	"golang.org/x/text/encoding/unicode/utf32"
)

// textEncoding is an encoding chosen for a feed body and the canonical name
// it is reported under ("utf-8", "utf-16be", "windows-1252", ...).
type textEncoding struct {
	enc  encoding.Encoding // nil for UTF-8, which needs no conversion
	name string
}

var (
	encUTF8    = textEncoding{name: "utf-8"}
	encUTF16BE = textEncoding{unicode.UTF16(unicode.BigEndian, unicode.IgnoreBOM), "utf-16be"}
	encUTF16LE = textEncoding{unicode.UTF16(unicode.LittleEndian, unicode.IgnoreBOM), "utf-16le"}
	encUTF32BE = textEncoding{utf32.UTF32(utf32.BigEndian, utf32.IgnoreBOM), "utf-32be"}
	encUTF32LE = textEncoding{utf32.UTF32(utf32.LittleEndian, utf32.IgnoreBOM), "utf-32le"}
	encCP1252  = textEncoding{charmap.Windows1252, "windows-1252"}
)

// wide reports whether the encoding uses 2- or 4-byte code units, so that
// it cannot be the encoding of a body whose markup reads as ASCII.
func (e textEncoding) wide() bool {
	return strings.HasPrefix(e.name, "utf-16") || strings.HasPrefix(e.name, "utf-32")
}

// byteOrderMarks maps each byte order mark to its encoding. UTF-32LE must
// be tried before UTF-16LE, whose mark is its prefix.
var byteOrderMarks = []struct {
	mark []byte
	enc  textEncoding
}{
	{[]byte{0x00, 0x00, 0xFE, 0xFF}, encUTF32BE},
	{[]byte{0xFF, 0xFE, 0x00, 0x00}, encUTF32LE},
	{[]byte{0xEF, 0xBB, 0xBF}, encUTF8},
	{[]byte{0xFE, 0xFF}, encUTF16BE},
	{[]byte{0xFF, 0xFE}, encUTF16LE},
}

// decodeBody converts body to UTF-8 and returns the text with any byte
// order mark removed and the prolog's encoding declaration dropped, so
// that the XML parser does not convert it a second time.
//
// The encoding is chosen in this order, the first that applies winning:
//
//  1. A byte order mark. It is unambiguous bytes written by the producer of
//     the file itself, and XML 1.0 Appendix F puts it first.
//  2. The shape of the first character, '<', in UTF-16 or UTF-32 without a
//     mark (00 3C 00 xx, 00 00 00 3C, ...). An ASCII-compatible label in the
//     header or prolog cannot be true of such bytes, and the prolog cannot
//     even be read before the code unit width is known.
//  3. The charset parameter of the HTTP Content-Type. RFC 7303 section 3
//     makes it authoritative over the document's own declaration: servers
//     that transcode feeds update the header, not the prolog.
//  4. The encoding attribute of the XML prolog.
//  5. UTF-8, the XML default. RFC 3023's "text/xml without charset means
//     us-ascii" is deliberately not applied: RFC 7303 withdrew it.
//
// A claim of UTF-8 from the header or prolog that the bytes contradict (they
// are not valid UTF-8) is passed over for the next source, and a body that
// is neither declared nor valid UTF-8 is read as windows-1252, the encoding
// such unlabelled 8-bit feeds are almost always in. Unknown labels are
// ignored.
func decodeBody(body []byte, contentType string) ([]byte, textEncoding) {
	enc, rest := chooseEncoding(body, contentType)
	var text []byte
	if enc.enc == nil {
		text = validUTF8(rest)
	} else {
		decoded, err := enc.enc.NewDecoder().Bytes(rest)
		if err != nil {
			// The x/text decoders replace bad input rather than fail; keep
			// the bytes as UTF-8 if one ever does.
			decoded = bytes.ToValidUTF8(rest, []byte("\uFFFD"))
		}
		text = decoded
	}
	text = bytes.TrimPrefix(text, []byte("\uFEFF"))
	return dropPrologEncoding(text), enc
}

// validUTF8 returns text with each invalid byte sequence replaced by
// U+FFFD: text itself when it is valid, as nearly every feed's body is,
// so that parsing does not begin with a copy of the whole body.
func validUTF8(text []byte) []byte {
	if utf8.Valid(text) {
		return text
	}
	return bytes.ToValidUTF8(text, []byte("\uFFFD"))
}

// chooseEncoding applies the order documented on decodeBody and returns
// the encoding with the body stripped of its byte order mark.
func chooseEncoding(body []byte, contentType string) (textEncoding, []byte) {
	for _, b := range byteOrderMarks {
		if bytes.HasPrefix(body, b.mark) {
			return b.enc, body[len(b.mark):]
		}
	}
	if enc, ok := sniffWide(body); ok {
		return enc, body
	}
	for _, label := range []string{headerCharset(contentType), prologEncoding(body)} {
		enc, ok := lookupEncoding(label)
		if !ok || enc.wide() {
			continue
		}
		if enc.enc == nil && !utf8.Valid(body) {
			continue
		}
		return enc, body
	}
	if utf8.Valid(body) {
		return encUTF8, body
	}
	return encCP1252, body
}

// sniffWide recognises a '<' as the first character of a UTF-16 or UTF-32
// body that has no byte order mark.
func sniffWide(body []byte) (textEncoding, bool) {
	if len(body) < 4 {
		return textEncoding{}, false
	}
	b0, b1, b2, b3 := body[0], body[1], body[2], body[3]
	switch {
	case b0 == 0 && b1 == 0 && b2 == 0 && b3 == '<':
		return encUTF32BE, true
	case b0 == '<' && b1 == 0 && b2 == 0 && b3 == 0:
		return encUTF32LE, true
	case b0 == 0 && b1 == '<' && b2 == 0 && b3 != 0:
		return encUTF16BE, true
	case b0 == '<' && b1 == 0 && b2 != 0 && b3 == 0:
		return encUTF16LE, true
	}
	return textEncoding{}, false
}

// headerCharset returns the charset parameter of a Content-Type value, or
// "". It is lenient where servers are sloppy: spaces around '=' and single
// or double quotes around the value.
func headerCharset(contentType string) string {
	params := strings.Split(contentType, ";")
	for _, p := range params[1:] {
		name, value, ok := strings.Cut(p, "=")
		if !ok || !strings.EqualFold(strings.TrimSpace(name), "charset") {
			continue
		}
		return strings.Trim(strings.TrimSpace(value), `"' `)
	}
	return ""
}

// prologPattern matches an XML declaration at the start of a document.
var prologPattern = regexp.MustCompile(`^\s*<\?xml\s[^>]*?\?>`)

// encodingAttrPattern matches the encoding pseudo-attribute of a prolog.
var encodingAttrPattern = regexp.MustCompile(`\sencoding\s*=\s*("[^"]*"|'[^']*')`)

// prologEncoding returns the encoding named by the XML declaration, or "".
func prologEncoding(body []byte) string {
	prolog := prologPattern.Find(body)
	m := encodingAttrPattern.FindSubmatch(prolog)
	if m == nil {
		return ""
	}
	return strings.TrimSpace(string(m[1][1 : len(m[1])-1]))
}

// dropPrologEncoding removes the encoding declaration from the prolog of
// text that is already UTF-8.
func dropPrologEncoding(text []byte) []byte {
	loc := prologPattern.FindIndex(text)
	if loc == nil {
		return text
	}
	prolog := text[loc[0]:loc[1]]
	cleaned := encodingAttrPattern.ReplaceAll(prolog, nil)
	if len(cleaned) == len(prolog) {
		return text
	}
	out := make([]byte, 0, len(text))
	out = append(out, text[:loc[0]]...)
	out = append(out, cleaned...)
	return append(out, text[loc[1]:]...)
}

// lookupEncoding resolves a charset label. UTF-32 is handled here because
// the WHATWG index behind charset.Lookup no longer lists it.
func lookupEncoding(label string) (textEncoding, bool) {
	label = strings.ToLower(strings.TrimSpace(label))
	switch label {
	case "":
		return textEncoding{}, false
	case "utf-32", "utf32", "ucs-4", "iso-10646-ucs-4", "utf-32be":
		return encUTF32BE, true
	case "utf-32le":
		return encUTF32LE, true
	case "utf-8", "utf8":
		return encUTF8, true
	case "us-ascii", "ascii":
		// Decoded as windows-1252, as WHATWG says, but reported as named.
		return textEncoding{charmap.Windows1252, "us-ascii"}, true
	}
	enc, name := charset.Lookup(label)
	if enc == nil || name == "replacement" {
		return textEncoding{}, false
	}
	if name == "utf-8" {
		return encUTF8, true
	}
	return textEncoding{enc, name}, true
}
