package change

import "bytes"

// isTagSpace reports whether c is white space inside a tag.
func isTagSpace(c byte) bool {
	return c == ' ' || c == '\n' || c == '\r' || c == '\t' || c == '\f'
}

// isASCIILetter reports whether c is an ASCII letter, which opens a tag
// after '<' or "</".
func isASCIILetter(c byte) bool {
	return 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z'
}

// skipSpace returns the index of the first byte from p that is not white
// space.
func skipSpace(b []byte, p int) int {
	for p < len(b) && isTagSpace(b[p]) {
		p++
	}
	return p
}

// attrKeyEnd returns the end of the attribute key that starts at p (an
// '=' first is part of the key), len(b) when the page ends first.
func attrKeyEnd(b []byte, p int) int {
	start := p
	for ; p < len(b); p++ {
		c := b[p]
		if c == '=' && p == start {
			continue
		}
		if c == '=' || c == '/' || c == '>' || isTagSpace(c) {
			return p
		}
	}
	return p
}

// attrVal reads the value after the key ending at p: the value's bounds
// (empty if there is none) and the index where the tag goes on; ok is
// false when the page ends first.
func attrVal(b []byte, p int) (v0, v1, next int, ok bool) {
	v0, v1 = p, p
	p = skipSpace(b, p)
	if p >= len(b) {
		return 0, 0, 0, false
	}
	switch b[p] {
	case '/':
		return v0, v1, p + 1, true
	case '=':
	default:
		return v0, v1, p, true
	}
	p = skipSpace(b, p+1)
	if p >= len(b) {
		return 0, 0, 0, false
	}
	switch q := b[p]; q {
	case '>':
		return v0, v1, p, true
	case '\'', '"':
		i := bytes.IndexByte(b[p+1:], q)
		if i < 0 {
			return 0, 0, 0, false
		}
		return p + 1, p + 1 + i, p + 2 + i, true
	}
	for i := p + 1; i < len(b); i++ {
		switch c := b[i]; {
		case isTagSpace(c):
			return p, i, i + 1, true
		case c == '>':
			return p, i, i, true
		}
	}
	return 0, 0, 0, false
}

// closeAngle returns the index after the first '>' from p, len(b) if
// there is none: the end of a doctype or bogus comment.
func closeAngle(b []byte, p int) int {
	if i := bytes.IndexByte(b[p:], '>'); i >= 0 {
		return p + i + 1
	}
	return len(b)
}

// commentEnd returns the end of a comment whose text starts at p (after
// "<!--"): after "-->", "--!>", or a '>' right at its start ("<!-->",
// "<!--->"); len(b) if the page ends first.
func commentEnd(b []byte, p int) int {
	dashes, beginning := 0, true
	for p < len(b) {
		c := b[p]
		p++
		switch c {
		case '-':
			dashes++
			continue
		case '>':
			if dashes >= 2 || beginning {
				return p
			}
		case '!':
			if dashes >= 2 {
				if p >= len(b) {
					return p
				}
				c = b[p]
				p++
				if c == '>' {
					return p
				}
				if c == '-' {
					dashes, beginning = 1, false
					continue
				}
			}
		}
		dashes, beginning = 0, false
	}
	return p
}

// hasFoldedPrefix reports whether b starts with lower, a lower-case ASCII
// word, in any case.
func hasFoldedPrefix(b []byte, lower string) bool {
	return len(b) >= len(lower) && equalFoldASCII(b[:len(lower)], lower)
}

// equalFoldASCII reports whether a and b are equal with ASCII letters
// case folded (only those, as the Tokenizer lower-cases names).
func equalFoldASCII[A, B string | []byte](a A, b B) bool {
	if len(a) != len(b) {
		return false
	}
	for i := 0; i < len(a); i++ {
		if lowerASCII(a[i]) != lowerASCII(b[i]) {
			return false
		}
	}
	return true
}

// lowerASCII lower-cases an ASCII letter.
func lowerASCII(c byte) byte {
	if 'A' <= c && c <= 'Z' {
		return c + 'a' - 'A'
	}
	return c
}

// rawTextNames are the elements whose content the Tokenizer reads as one
// text token, up to their end tag.
var rawTextNames = []string{
	"iframe", "noembed", "noframes", "noscript", "plaintext", "script",
	"style", "textarea", "title", "xmp",
}

// rawTagName returns the lower-case name of a raw-text element, "" when
// name is not one.
func rawTagName(name []byte) string {
	if len(name) < 3 || len(name) > 9 {
		return ""
	}
	switch lowerASCII(name[0]) {
	case 'i', 'n', 'p', 's', 't', 'x':
	default:
		return ""
	}
	for _, r := range rawTextNames {
		if equalFoldASCII(name, r) {
			return r
		}
	}
	return ""
}

// appendLower appends b with ASCII upper-case letters lower-cased, as the
// tokenizer lower-cases names.
func appendLower(dst, b []byte) []byte {
	for _, c := range b {
		dst = append(dst, lowerASCII(c))
	}
	return dst
}
