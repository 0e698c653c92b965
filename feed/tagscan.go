package feed

// attrSpan locates one attribute in the raw text of a start tag: its name
// is raw[nameStart:nameEnd] and its value, quotes included, is
// raw[valueStart:valueEnd]; valueStart is -1 for an attribute without a
// value.
type attrSpan struct {
	nameStart, nameEnd   int
	valueStart, valueEnd int
}

// scanAttrs appends to spans the attributes of a raw start tag
// ("<a href=x>") in order, duplicates included, and returns the result. It follows the states of the HTML
// tokenizer (golang.org/x/net/html reads tags the same way), which
// reports values but not where they are.
func scanAttrs(raw string, spans []attrSpan) []attrSpan {
	i := tagNameEnd(raw)
	for {
		i = skipSpace(raw, i)
		if i >= len(raw) || raw[i] == '>' {
			return spans
		}
		sp := attrSpan{nameStart: i, valueStart: -1}
		i = attrNameEnd(raw, i)
		sp.nameEnd = i
		i = skipSpace(raw, i)
		switch {
		case i < len(raw) && raw[i] == '/':
			i++
		case i < len(raw) && raw[i] == '=':
			i = attrValue(raw, skipSpace(raw, i+1), &sp)
		}
		if sp.nameEnd > sp.nameStart {
			spans = append(spans, sp)
		}
	}
}

// tagNameEnd returns the index just past the tag name and the white space
// that ends it.
func tagNameEnd(raw string) int {
	for i := 1; i < len(raw); i++ {
		switch {
		case isHTMLSpace(raw[i]):
			return i + 1
		case raw[i] == '/' || raw[i] == '>':
			return i
		}
	}
	return len(raw)
}

// attrNameEnd returns the end of the attribute name starting at i. An "="
// in first place belongs to the name.
func attrNameEnd(raw string, i int) int {
	for j := i; j < len(raw); j++ {
		c := raw[j]
		if (c == '=' && j > i) || c == '/' || c == '>' || isHTMLSpace(c) {
			return j
		}
	}
	return len(raw)
}

// attrValue reads the value starting at i, records its span in sp and
// returns the index after it.
func attrValue(raw string, i int, sp *attrSpan) int {
	if i >= len(raw) || raw[i] == '>' {
		return i
	}
	sp.valueStart = i
	if q := raw[i]; q == '"' || q == '\'' {
		j := i + 1
		for j < len(raw) && raw[j] != q {
			j++
		}
		sp.valueEnd = min(j+1, len(raw))
		return sp.valueEnd
	}
	j := i
	for j < len(raw) && raw[j] != '>' && !isHTMLSpace(raw[j]) {
		j++
	}
	sp.valueEnd = j
	return j
}

// skipSpace returns the index of the first byte at or after i that is not
// HTML white space.
func skipSpace[T string | []byte](raw T, i int) int {
	for i < len(raw) && isHTMLSpace(raw[i]) {
		i++
	}
	return i
}
