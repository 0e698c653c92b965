package change

import (
	stdhtml "html"
	"io/fs"
	"maps"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"
)

// termList tallies the Analyzer's term list of s: the definition of a
// Document's Tokens (stems) and Phrases (affinities, the terms holding a
// space) that Extract's counting must equal.
func termList(t *testing.T, s string) (tokens, phrases map[string]int) {
	t.Helper()
	a, err := NewAnalyzer("", 0)
	if err != nil {
		t.Fatal(err)
	}
	tokens, phrases = map[string]int{}, map[string]int{}
	for _, term := range a.Terms(nil, s) {
		if strings.Contains(term, " ") {
			phrases[term]++
		} else {
			tokens[term]++
		}
	}
	return tokens, phrases
}

// corpusPages returns up to n files of the shared feed corpora, in path
// order, as pages; none when the corpora are absent.
func corpusPages(t *testing.T, n int) map[string]string {
	t.Helper()
	root := filepath.Join("..", "..", "shared", "corpora", "feeds")
	var paths []string
	err := filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
		if err == nil && !d.IsDir() {
			paths = append(paths, p)
		}
		return err
	})
	if err != nil {
		t.Logf("no shared corpora: %v", err)
		return nil
	}
	sort.Strings(paths)
	pages := map[string]string{}
	for _, p := range paths[:min(n, len(paths))] {
		b, err := os.ReadFile(p)
		if err != nil {
			t.Fatal(err)
		}
		pages[p] = string(b)
	}
	return pages
}

// TestExtractTermsEqualTermList checks that the Tokens and Phrases Extract
// counts are exactly the tally of the Analyzer's term list of the page's
// text, on the benchmark pages, the test pages and the feed corpora.
func TestExtractTermsEqualTermList(t *testing.T) {
	pages := map[string]string{
		"jobs":      jobsPage,
		"changelog": changelog(6, true, true, "/a", "/b"),
		"listing":   string(syntheticPage(64<<10, 20, 1)),
		"prose":     string(proseListing(64<<10, 3, 2)),
	}
	maps.Copy(pages, corpusPages(t, 300))
	a, err := NewAnalyzer("", 0)
	if err != nil {
		t.Fatal(err)
	}
	for name, page := range pages {
		d, err := Extract([]byte(page), "text/html", ExtractOptions{Analyzer: a})
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		tokens, phrases := termList(t, d.Text)
		if !maps.Equal(d.Tokens, tokens) || !maps.Equal(d.Phrases, phrases) {
			t.Errorf("%s: Extract's tokens or phrases differ from the term list's tally", name)
		}
	}
}

// wordsByDefinition is the inverted index as Document.Words defines it:
// runs of runes that are not notWordRune, lower-cased, counted.
func wordsByDefinition(s string) map[string]int {
	index := map[string]int{}
	for _, w := range strings.FieldsFunc(s, notWordRune) {
		index[strings.ToLower(w)]++
	}
	return index
}

// TestCountWordsMatchesDefinition checks countWords's ASCII fast path
// against the definition, on mixed texts and the feed corpora.
func TestCountWordsMatchesDefinition(t *testing.T) {
	texts := map[string]string{
		"mixed":   "Hello hello HELLO héllo HÉLLO Straße STRASSE ǅemal İstanbul 2026 a1B2",
		"marks":   "cafe\u0301 CAFE\u0301 nai\u0308ve — x·y ÀB",
		"invalid": "bad\xffByte \xe2\x82 Tail",
		"edges":   " Lead trail? ",
	}
	maps.Copy(texts, corpusPages(t, 300))
	for name, s := range texts {
		got := map[string]int{}
		countWords(got, s)
		if want := wordsByDefinition(s); !maps.Equal(got, want) {
			t.Errorf("%s: countWords differs from the definition", name)
		}
	}
}

// TestEscapingMatchesDefinition checks appendEscaped against the standard
// library's escaping and isEventHandler against its definition.
func TestEscapingMatchesDefinition(t *testing.T) {
	texts := map[string]string{"all": `a<b>c&d'e"f`, "none": "plain", "ends": `<x&`}
	maps.Copy(texts, corpusPages(t, 300))
	for name, s := range texts {
		if got, want := string(appendEscaped([]byte("pre"), s)), "pre"+stdhtml.EscapeString(s); got != want {
			t.Errorf("%s: appendEscaped differs from html.EscapeString", name)
		}
	}
	for _, key := range []string{"onclick", "ONLOAD", "oNx", "on", "o", "", "one", "xon", "data-on", "ön", "ON\u0130"} {
		if got, want := isEventHandler(key), strings.HasPrefix(strings.ToLower(key), "on"); got != want {
			t.Errorf("isEventHandler(%q) = %v, want %v", key, got, want)
		}
	}
}
