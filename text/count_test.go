package text_test

import (
	"io/fs"
	"maps"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"vigil/text"
)

// countTexts are texts that exercise every rule of Terms: stop words
// holding positions, repeated and equal stems, apostrophes, CJK runs,
// numbers, combining marks, long tokens.
var countTexts = []string{
	"",
	"the the the",
	"run run running runner run test run",
	"Battery charger, battery charger; the battery of the charger and a charger's battery.",
	"don't l'homme John's o'clock rock'n'roll it’s 'quoted' trailing'",
	"東京タワー is in Tokyo 東京 and 東京タワー again, ソウル 서울 2026 2027 2026",
	"café cafe\u0301 naïve nai\u0308ve Ünïcödé",
	strings.Repeat("x", 60) + " word " + strings.Repeat("y", 51) + " word other word",
	"a b c d e f g h i j k l m n o p q r s t u v w x y z ab bc cd de ef",
}

// tally counts a term list the way Count is defined: words and affinities
// (the terms holding a space) apart.
func tally(terms []string) (stems, affinities map[string]int) {
	stems, affinities = map[string]int{}, map[string]int{}
	for _, t := range terms {
		if strings.Contains(t, " ") {
			affinities[t]++
		} else {
			stems[t]++
		}
	}
	return stems, affinities
}

// corpusTexts returns the plain text of the first n files of the feed
// corpora in the shared directory, in path order; none when it is absent.
func corpusTexts(t *testing.T, n int) []string {
	t.Helper()
	root := filepath.Join("..", "..", "shared", "corpora", "feeds")
	var paths []string
	err := filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if !d.IsDir() {
			paths = append(paths, p)
		}
		return nil
	})
	if err != nil {
		t.Logf("no shared corpora: %v", err)
		return nil
	}
	sort.Strings(paths)
	var out []string
	for _, p := range paths[:min(n, len(paths))] {
		b, err := os.ReadFile(p)
		if err != nil {
			t.Fatal(err)
		}
		out = append(out, text.PlainText(string(b)), string(b))
	}
	return out
}

// TestCountEqualsTerms checks that Count tallies exactly the terms Terms
// lists, for several windows, on the texts above and on the feed corpora.
func TestCountEqualsTerms(t *testing.T) {
	texts := append(append([]string{}, countTexts...), corpusTexts(t, 400)...)
	configs := []struct {
		name string
		c    text.Config
	}{
		{"stems only", text.Config{NoAffinities: true}},
		{"window 1", text.Config{AffinityWindow: 1}},
		{"window 2", text.Config{AffinityWindow: 2}},
		{"window 5", text.Config{AffinityWindow: 5}},
		{"tiny cache", text.Config{AffinityWindow: 2, CacheSize: 3}},
	}
	for _, tc := range configs {
		t.Run(tc.name, func(t *testing.T) {
			slow, fast := mustAnalyzer(t, tc.c), mustAnalyzer(t, tc.c)
			for i, s := range texts {
				wantS, wantA := tally(slow.Terms(nil, s))
				gotS, gotA := fast.Count(s)
				if !maps.Equal(gotS, wantS) || !maps.Equal(gotA, wantA) {
					t.Fatalf("text %d (%.60q): Count differs from Terms:\nstems %v\nwant  %v\naffinities %v\nwant       %v",
						i, s, gotS, wantS, gotA, wantA)
				}
			}
		})
	}
}

// TestCountEmpty checks that Count of a text without terms, or without
// affinities, gives empty tallies, not nil ones.
func TestCountEmpty(t *testing.T) {
	for _, c := range []text.Config{{}, {NoAffinities: true}} {
		stems, aff := mustAnalyzer(t, c).Count("the of and")
		if stems == nil || aff == nil || len(stems)+len(aff) != 0 {
			t.Errorf("Count of stop words = %v, %v; want two empty maps", stems, aff)
		}
	}
}

// benchText is about 40 KB of plain text: the feed items' titles and
// summaries, repeated.
func benchText() string {
	var b strings.Builder
	for b.Len() < 40<<10 {
		for _, it := range feedItems {
			b.WriteString(it.title + "\n" + text.PlainText(it.summary) + "\n")
		}
	}
	return b.String()
}

// BenchmarkCount compares tallying stems and affinities (window 2) from
// the term list of Terms with Count, on 40 KB of text.
func BenchmarkCount(b *testing.B) {
	s := benchText()
	b.Run("terms", func(b *testing.B) {
		a := mustAnalyzer(b, text.Config{AffinityWindow: 2})
		b.SetBytes(int64(len(s)))
		b.ReportAllocs()
		for b.Loop() {
			stems, affinities := map[string]int{}, map[string]int{}
			for _, t := range a.Terms(nil, s) {
				if strings.IndexByte(t, ' ') >= 0 {
					affinities[t]++
				} else {
					stems[t]++
				}
			}
		}
	})
	b.Run("count", func(b *testing.B) {
		a := mustAnalyzer(b, text.Config{AffinityWindow: 2})
		b.SetBytes(int64(len(s)))
		b.ReportAllocs()
		for b.Loop() {
			a.Count(s)
		}
	})
}
