package text

import (
	"unicode"
	"unicode/utf8"

	"golang.org/x/text/unicode/norm"
)

// tokenizer splits plain text into lower-cased tokens. A token is a maximal
// run of letters and decimal digits, with combining marks following them; a
// run switches to a new token where CJK letters (Han, Hiragana, Katakana,
// Hangul) meet other letters or digits, and a CJK run is one token, without
// word segmentation. An apostrophe (' or U+2019) between two token
// characters stays in the token as "'". Tokens holding combining marks are
// normalised to NFC so that they match precomposed spellings.
type tokenizer struct {
	text string
	i    int
	// tok is the current token, lower-cased UTF-8.
	tok []byte
	// nfc is scratch space for normalisation.
	nfc []byte
	// cjk tells whether the current token is a CJK run.
	cjk bool
	// marks tells whether the current token holds combining marks.
	marks bool
	// apostrophes counts the apostrophes kept inside the current token.
	apostrophes int
	// trailing tells whether tok ends with an apostrophe not yet followed
	// by a token character.
	trailing bool
}

// reset starts tokenizing text.
func (t *tokenizer) reset(text string) {
	t.text, t.i = text, 0
	t.startToken()
}

// startToken empties the current token.
func (t *tokenizer) startToken() {
	t.tok = t.tok[:0]
	t.cjk, t.marks, t.apostrophes, t.trailing = false, false, 0, false
}

// next advances to the next token and reports whether there is one; the
// token is then in t.tok, valid until the next call.
func (t *tokenizer) next() bool {
	t.startToken()
	for t.i < len(t.text) {
		r, size := rune(t.text[t.i]), 1
		if r >= utf8.RuneSelf {
			r, size = utf8.DecodeRuneInString(t.text[t.i:])
		}
		if t.split(r) {
			return t.finish()
		}
		t.i += size
		if !t.add(r) && len(t.tok) > 0 {
			return t.finish()
		}
	}
	return t.finish()
}

// split reports whether r, a token character, must start a new token
// because it changes between CJK and other scripts.
func (t *tokenizer) split(r rune) bool {
	if len(t.tok) == 0 || r < 0x80 && !t.cjk {
		return false
	}
	if !isLetterOrDigit(r) {
		return false
	}
	return isCJK(r) != t.cjk
}

// add appends r to the current token if it belongs there, and reports
// whether it did.
func (t *tokenizer) add(r rune) bool {
	switch {
	case r < 0x80 && isASCIIWordByte(byte(r)):
		t.appendByte(lowerASCII(byte(r)))
	case r == '\'' || r == '\u2019':
		return t.addApostrophe()
	case r < 0x80:
		return false
	case isLetterOrDigit(r):
		if len(t.tok) == 0 {
			t.cjk = isCJK(r)
		}
		t.appendRune(unicode.ToLower(r))
	case len(t.tok) > 0 && !t.trailing && unicode.Is(unicode.M, r):
		t.marks = true
		t.tok = utf8.AppendRune(t.tok, r)
	default:
		return false
	}
	return true
}

// addApostrophe keeps an apostrophe that follows a token character, on
// trial until a token character follows it too.
func (t *tokenizer) addApostrophe() bool {
	if len(t.tok) == 0 || t.trailing {
		return false
	}
	t.tok = append(t.tok, '\'')
	t.trailing = true
	return true
}

// appendByte appends an ASCII letter or digit, confirming a pending
// apostrophe.
func (t *tokenizer) appendByte(b byte) {
	t.confirmApostrophe()
	t.tok = append(t.tok, b)
}

// appendRune appends a letter or digit, confirming a pending apostrophe.
func (t *tokenizer) appendRune(r rune) {
	t.confirmApostrophe()
	t.tok = utf8.AppendRune(t.tok, r)
}

// confirmApostrophe counts a pending apostrophe as part of the token.
func (t *tokenizer) confirmApostrophe() {
	if t.trailing {
		t.trailing = false
		t.apostrophes++
	}
}

// finish ends the current token, dropping an apostrophe at its end, and
// reports whether it is non-empty.
func (t *tokenizer) finish() bool {
	if t.trailing {
		t.tok = t.tok[:len(t.tok)-1]
		t.trailing = false
	}
	if t.marks {
		t.nfc = norm.NFC.Append(t.nfc[:0], t.tok...)
		t.tok, t.nfc = t.nfc, t.tok
	}
	return len(t.tok) > 0
}

// isASCIIWordByte reports whether b is an ASCII letter or digit.
func isASCIIWordByte(b byte) bool {
	return 'a' <= b && b <= 'z' || 'A' <= b && b <= 'Z' || '0' <= b && b <= '9'
}

// lowerASCII lower-cases an ASCII letter.
func lowerASCII(b byte) byte {
	if 'A' <= b && b <= 'Z' {
		return b + 'a' - 'A'
	}
	return b
}

// isLetterOrDigit reports whether r can make a token: a letter or a decimal
// digit.
func isLetterOrDigit(r rune) bool {
	return unicode.IsLetter(r) || unicode.IsDigit(r)
}

// isCJK reports whether r is a letter of a script written without spaces
// between words: Han, Hiragana, Katakana (with its prolonged sound marks) or
// Hangul.
func isCJK(r rune) bool {
	if r < 0x1100 {
		return false
	}
	return r == 0x30FC || r == 0xFF70 ||
		unicode.In(r, unicode.Han, unicode.Hiragana, unicode.Katakana, unicode.Hangul)
}
