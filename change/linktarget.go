package change

import "strings"

// linkTarget is the document a link points to: its href without the
// fragment. The fragment names a place inside the document and never
// reaches the server, so two links that differ only there point to the
// same document; pages that obfuscate e-mail addresses rewrite the
// fragment at every serve (a link to /cdn-cgi/l/email-protection#a1b2...
// whose text stays "[email protected]"), which would otherwise be a link
// removed and a link added at every fetch.
func linkTarget(href string) string {
	target, _, _ := strings.Cut(href, "#")
	return target
}
