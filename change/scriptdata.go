package change

import "bytes"

// rawEnd returns where the content of the raw-text or RCDATA element tag
// (not a script), starting at p, ends: at its end tag "</tag" followed by
// white space, '/' or '>', in any case; len(b) if there is none.
func rawEnd(b []byte, p int, tag string) int {
	for {
		i := bytes.IndexByte(b[p:], '<')
		if i < 0 {
			return len(b)
		}
		p += i
		if ok, _, _ := endTagAt(b, p+1, tag); ok {
			return p
		}
		p++
	}
}

// endTagAt matches "/tag" and a byte of white space, '/' or '>' at p, the
// byte after a '<'. It returns whether they match; if not, where the scan
// goes on (the first byte that differs) and whether the page ended first.
func endTagAt(b []byte, p int, tag string) (ok bool, next int, eof bool) {
	if p >= len(b) {
		return false, p, true
	}
	if b[p] != '/' {
		return false, p, false
	}
	p++
	for i := 0; i < len(tag); i++ {
		if p >= len(b) {
			return false, p, true
		}
		if lowerASCII(b[p]) != tag[i] {
			return false, p, false
		}
		p++
	}
	if p >= len(b) {
		return false, p, true
	}
	switch b[p] {
	case ' ', '\n', '\r', '\t', '\f', '/', '>':
		return true, p, false
	}
	return false, p, false
}

// scriptEnd returns where a script's content, starting at p, ends: at the
// '<' of its "</script" end tag, following the script-data states of the
// HTML tokenizer (the "<!--" escapes and the "<script" double escapes that
// hide an end tag); len(b) if the page ends first. Each label is one
// state; a state that reads past the end of the page returns len(b).
func scriptEnd(b []byte, p int) int {
	n := len(b)
	var (
		c   byte
		ok  bool
		eof bool
		lt  int
	)

data:
	if i := bytes.IndexByte(b[p:], '<'); i >= 0 {
		p += i + 1
		goto lessThan
	}
	return n

lessThan:
	if p >= n {
		return n
	}
	switch b[p] {
	case '/':
		lt = p - 1
		if ok, p, eof = endTagAt(b, p, "script"); ok {
			return lt
		} else if eof {
			return n
		}
		goto data
	case '!':
		p++
		goto escapeStart
	}
	goto data

escapeStart:
	if p >= n {
		return n
	}
	if b[p] != '-' {
		goto data
	}
	p++
	if p >= n {
		return n
	}
	if b[p] != '-' {
		goto data
	}
	p++
	goto escapedDashDash

escaped:
	if p >= n {
		return n
	}
	c, p = b[p], p+1
	switch c {
	case '-':
		goto escapedDash
	case '<':
		goto escapedLessThan
	}
	goto escaped

escapedDash:
	if p >= n {
		return n
	}
	c, p = b[p], p+1
	switch c {
	case '-':
		goto escapedDashDash
	case '<':
		goto escapedLessThan
	}
	goto escaped

escapedDashDash:
	if p >= n {
		return n
	}
	c, p = b[p], p+1
	switch c {
	case '-':
		goto escapedDashDash
	case '<':
		goto escapedLessThan
	case '>':
		goto data
	}
	goto escaped

escapedLessThan:
	if p >= n {
		return n
	}
	switch c = b[p]; {
	case c == '/':
		lt = p - 1
		if ok, p, eof = endTagAt(b, p, "script"); ok {
			return lt
		} else if eof {
			return n
		}
		goto escaped
	case isASCIILetter(c):
		goto doubleEscapeStart
	}
	goto data

doubleEscapeStart:
	for i := 0; i < len("script"); i++ {
		if p >= n {
			return n
		}
		if lowerASCII(b[p]) != "script"[i] {
			goto escaped
		}
		p++
	}
	if p >= n {
		return n
	}
	switch b[p] {
	case ' ', '\n', '\r', '\t', '\f', '/', '>':
		p++
		goto doubleEscaped
	}
	goto escaped

doubleEscaped:
	if p >= n {
		return n
	}
	c, p = b[p], p+1
	switch c {
	case '-':
		goto doubleEscapedDash
	case '<':
		goto doubleEscapedLessThan
	}
	goto doubleEscaped

doubleEscapedDash:
	if p >= n {
		return n
	}
	c, p = b[p], p+1
	switch c {
	case '-':
		goto doubleEscapedDashDash
	case '<':
		goto doubleEscapedLessThan
	}
	goto doubleEscaped

doubleEscapedDashDash:
	if p >= n {
		return n
	}
	c, p = b[p], p+1
	switch c {
	case '-':
		goto doubleEscapedDashDash
	case '<':
		goto doubleEscapedLessThan
	case '>':
		goto data
	}
	goto doubleEscaped

doubleEscapedLessThan:
	if p >= n {
		return n
	}
	if b[p] != '/' {
		goto doubleEscaped
	}
	if ok, p, eof = endTagAt(b, p, "script"); ok {
		// The "</script" and the byte after it close the double escape.
		p++
		goto escaped
	} else if eof {
		return n
	}
	goto doubleEscaped
}
