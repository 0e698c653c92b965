package vigil

import (
	"io/fs"
	"net/url"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
)

// corpusURL finds URLs in the shared feed corpora.
var corpusURL = regexp.MustCompile(`https?://[^\s"'<>]+`)

// maxURLSeeds bounds the URLs taken from the corpora as seeds.
const maxURLSeeds = 2000

// addCorpusURLs adds the distinct URLs found in the shared feed corpora
// (../shared/corpora/feeds, beside the repository) as seeds of f.
func addCorpusURLs(f *testing.F) {
	seen := map[string]bool{}
	root := filepath.Join("..", "shared", "corpora", "feeds")
	filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || len(seen) >= maxURLSeeds {
			return nil
		}
		b, err := os.ReadFile(path)
		if err != nil {
			return nil
		}
		for _, u := range corpusURL.FindAllString(string(b), -1) {
			if !seen[u] && len(seen) < maxURLSeeds {
				seen[u] = true
				f.Add(u)
			}
		}
		return nil
	})
}

// FuzzNormalizeFeedURL checks that normalising never panics, that what it
// accepts is an absolute http(s) URL that normalises to itself, and that
// what it refuses is EINVALID with a message free of Go type names.
func FuzzNormalizeFeedURL(f *testing.F) {
	for _, s := range []string{"HTTP://Example.COM", "http://host:99999/", "http://host:abc/", "http://[::1]:80/x",
		"https://user:pw@a.example/f?x=1#y", "http://a..b/", "http://bücher.example/", "http://%41/", "http://[fe80::1%25eth0]/"} {
		f.Add(s)
	}
	addCorpusURLs(f)
	f.Fuzz(func(t *testing.T, raw string) {
		got, err := NormalizeFeedURL(raw)
		if err != nil {
			msg := ErrorMessage(err)
			// The message may quote the input, which may itself look
			// like a type name: look for type names in the rest.
			own := strings.NewReplacer(strconv.Quote(raw), "", raw, "").Replace(msg)
			if ErrorCode(err) != EINVALID || strings.Contains(own, "*url.") || strings.Contains(own, "strconv.") {
				t.Fatalf("NormalizeFeedURL(%q): error %q (code %s)", raw, msg, ErrorCode(err))
			}
			return
		}
		u, perr := url.Parse(got)
		if perr != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" {
			t.Fatalf("NormalizeFeedURL(%q) = %q, not an absolute http(s) URL: %v", raw, got, perr)
		}
		again, err := NormalizeFeedURL(got)
		if err != nil || again != got {
			t.Fatalf("NormalizeFeedURL(%q) = %q, which normalises to %q, %v", raw, got, again, err)
		}
	})
}

// FuzzParseItemCursor checks that a cursor parses back to itself.
func FuzzParseItemCursor(f *testing.F) {
	for _, s := range []string{"1700000000000000000.42", "-5.1", "0.0", "1.2.3", "", "x.y", "+1.+2"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		c, err := ParseItemCursor(s)
		if err != nil {
			return
		}
		again, err := ParseItemCursor(c.String())
		if err != nil || again != c {
			t.Fatalf("cursor %q read as %v, whose String reads back as %v, %v", s, c, again, err)
		}
	})
}
