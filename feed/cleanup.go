package feed

import (
	"regexp"
	"strconv"
	"strings"

	"golang.org/x/text/encoding/charmap"
)

// fixC1 replaces C1 control characters (U+0080 to U+009F), which feeds
// carry when windows-1252 text was mislabelled or escaped by byte value
// (&#146; for a right quote), with the windows-1252 characters meant. The
// HTML5 character reference rules make the same substitution.
func fixC1(s string) string {
	if !strings.ContainsFunc(s, isC1) {
		return fixC1Refs(s)
	}
	return fixC1Refs(strings.Map(func(r rune) rune {
		if isC1(r) {
			return cp1252Rune(r)
		}
		return r
	}, s))
}

// isC1 reports whether r is a C1 control character.
func isC1(r rune) bool { return r >= 0x80 && r <= 0x9F }

// cp1252Rune returns the windows-1252 character of byte value r, or r when
// windows-1252 leaves that byte undefined.
func cp1252Rune(r rune) rune {
	d := charmap.Windows1252.DecodeByte(byte(r))
	if d == '\uFFFD' {
		return r
	}
	return d
}

// c1RefPattern matches decimal and hexadecimal character references to
// C1 controls left in escaped HTML.
var c1RefPattern = regexp.MustCompile(`&#(1[2-5][0-9]|[xX][89][0-9a-fA-F]);`)

// fixC1Refs rewrites references to C1 controls in HTML text as references
// to the windows-1252 characters meant.
func fixC1Refs(s string) string {
	if !strings.Contains(s, "&#") {
		return s
	}
	return c1RefPattern.ReplaceAllStringFunc(s, func(ref string) string {
		digits, base := ref[2:len(ref)-1], 10
		if digits[0] == 'x' || digits[0] == 'X' {
			digits, base = digits[1:], 16
		}
		n, err := strconv.ParseUint(digits, base, 32)
		if err != nil || !isC1(rune(n)) {
			return ref
		}
		return "&#x" + strconv.FormatInt(int64(cp1252Rune(rune(n))), 16) + ";"
	})
}

// normaliseLanguage writes a language tag with hyphens, as BCP 47 does
// ("en_US" becomes "en-US").
func normaliseLanguage(lang string) string {
	return strings.ReplaceAll(strings.TrimSpace(lang), "_", "-")
}
