package feed

import (
	"bytes"
	"regexp"
	"strconv"
	"strings"
	"unicode/utf8"

	"golang.org/x/net/html"
)

// xmlPredefined are the entities every XML parser knows without a DTD.
var xmlPredefined = map[string]bool{"amp": true, "lt": true, "gt": true, "quot": true, "apos": true}

// entityDeclPattern matches a general internal entity declared in the
// document's internal DTD subset, such as <!ENTITY copy "&#169;">.
var entityDeclPattern = regexp.MustCompile(`<!ENTITY\s+([A-Za-z_][\w.-]*)\s+(?:"([^"]*)"|'([^']*)')\s*>`)

// verbatimSections are the constructs whose content is not markup, copied
// unchanged by repair: their opening and closing delimiters.
var verbatimSections = []struct{ open, close string }{
	{"<![CDATA[", "]]>"},
	{"<!--", "-->"},
	{"<?", "?>"},
}

// repair rewrites the common faults of ill-formed feeds so that an XML
// parser can read them: characters XML forbids are dropped, an '&' that
// does not begin a reference is escaped, entities declared in the internal
// DTD subset or defined by HTML (&nbsp;, &eacute;, ...) become the
// characters they stand for, and other undefined entities are escaped so
// they survive as text. CDATA sections, comments and processing
// instructions are left as they are.
func repair(text []byte) []byte {
	text = closeTruncatedTag(dropIllegalChars(text))
	declared := declaredEntities(text)
	var out bytes.Buffer
	out.Grow(len(text) + len(text)/16)
	for i := 0; i < len(text); {
		if n := verbatimLength(text[i:]); n > 0 {
			out.Write(text[i : i+n])
			i += n
			continue
		}
		if text[i] == '&' {
			i += repairReference(&out, text[i:], declared)
			continue
		}
		out.WriteByte(text[i])
		i++
	}
	return out.Bytes()
}

// verbatimLength returns the length of the CDATA section, comment or
// processing instruction starting text, or 0. An unterminated one runs to
// the end of the text.
func verbatimLength(text []byte) int {
	if len(text) == 0 || text[0] != '<' {
		return 0
	}
	for _, s := range verbatimSections {
		if !bytes.HasPrefix(text, []byte(s.open)) {
			continue
		}
		end := bytes.Index(text[len(s.open):], []byte(s.close))
		if end < 0 {
			return len(text)
		}
		return len(s.open) + end + len(s.close)
	}
	return 0
}

// repairReference writes the repaired form of the '&' that starts text
// and returns how many bytes of text it consumed.
func repairReference(out *bytes.Buffer, text []byte, declared map[string]string) int {
	end := bytes.IndexByte(text, ';')
	if end < 0 || end > 40 {
		out.WriteString("&amp;")
		return 1
	}
	name := string(text[1:end])
	switch {
	case strings.HasPrefix(name, "#"):
		writeCharRef(out, name[1:])
	case !isEntityName(name):
		out.WriteString("&amp;")
		return 1
	case xmlPredefined[name]:
		out.Write(text[:end+1])
	case declared[name] != "":
		out.WriteString(declared[name])
	default:
		writeHTMLEntity(out, name)
	}
	return end + 1
}

// writeCharRef writes the character a numeric reference (the digits
// after "&#") stands for, escaped where XML needs it; a reference to a
// character XML forbids is dropped, and the '&' of one that is not a
// number is escaped.
func writeCharRef(out *bytes.Buffer, digits string) {
	base := 10
	if strings.HasPrefix(digits, "x") || strings.HasPrefix(digits, "X") {
		base, digits = 16, digits[1:]
	}
	n, err := strconv.ParseUint(digits, base, 32)
	if err != nil || digits == "" {
		out.WriteString("&amp;#" + digitsPrefix(base) + digits + ";")
		return
	}
	if r := rune(n); n <= utf8.MaxRune && isXMLChar(r) {
		out.WriteString(escapeXMLText(string(r)))
	}
}

// digitsPrefix returns the "x" of a hexadecimal reference.
func digitsPrefix(base int) string {
	if base == 16 {
		return "x"
	}
	return ""
}

// writeHTMLEntity writes the character an HTML entity stands for, escaped
// where XML needs it, or the entity itself with its '&' escaped when HTML
// does not define it either.
func writeHTMLEntity(out *bytes.Buffer, name string) {
	ref := "&" + name + ";"
	s := html.UnescapeString(ref)
	if s == ref {
		out.WriteString("&amp;" + name + ";")
		return
	}
	out.WriteString(escapeXMLText(s))
}

// escapeXMLText escapes the characters that are markup in XML.
func escapeXMLText(s string) string {
	return strings.NewReplacer("&", "&amp;", "<", "&lt;", ">", "&gt;", `"`, "&quot;", "'", "&apos;").Replace(s)
}

// isEntityName reports whether s can be the name of an entity.
func isEntityName(s string) bool {
	if s == "" {
		return false
	}
	for i, r := range s {
		letter := r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r == '_'
		if !letter && (i == 0 || !(r >= '0' && r <= '9' || r == '.' || r == '-')) {
			return false
		}
	}
	return true
}

// declaredEntities returns the general entities of the internal DTD
// subset, their values escaped so they can stand in text or attributes.
// Values that are themselves references are resolved by one repair pass.
func declaredEntities(text []byte) map[string]string {
	decls := entityDeclPattern.FindAllSubmatch(text, 64)
	if len(decls) == 0 {
		return nil
	}
	entities := make(map[string]string, len(decls))
	for _, d := range decls {
		value := string(d[2]) + string(d[3])
		var b bytes.Buffer
		for i := 0; i < len(value); {
			if value[i] == '&' {
				i += repairReference(&b, []byte(value[i:]), nil)
				continue
			}
			b.WriteString(escapeXMLText(value[i : i+1]))
			i++
		}
		entities[string(d[1])] = b.String()
	}
	return entities
}

// dropIllegalChars removes the characters XML 1.0 forbids (C0 controls
// other than tab, newline and carriage return; U+FFFE and U+FFFF) and
// replaces invalid UTF-8 with U+FFFD.
func dropIllegalChars(text []byte) []byte {
	if utf8.Valid(text) && !bytes.ContainsFunc(text, func(r rune) bool { return !isXMLChar(r) }) {
		return text
	}
	text = bytes.ToValidUTF8(text, []byte("\uFFFD"))
	return bytes.Map(func(r rune) rune {
		if isXMLChar(r) {
			return r
		}
		return -1
	}, text)
}

// isXMLChar reports whether r may appear in an XML 1.0 document.
func isXMLChar(r rune) bool {
	switch {
	case r == 0x09 || r == 0x0A || r == 0x0D:
		return true
	case r < 0x20:
		return false
	case r >= 0xD800 && r <= 0xDFFF:
		return false
	case r == 0xFFFE || r == 0xFFFF:
		return false
	}
	return r <= utf8.MaxRune
}

// closeTruncatedTag adds the '>' missing from a document cut off inside
// its last tag, such as one ending in "</rss".
func closeTruncatedTag(text []byte) []byte {
	trimmed := bytes.TrimRight(text, " \t\r\n")
	lt := bytes.LastIndexByte(trimmed, '<')
	if lt < 0 || bytes.IndexByte(trimmed[lt:], '>') >= 0 {
		return text
	}
	return append(trimmed[:len(trimmed):len(trimmed)], '>')
}
