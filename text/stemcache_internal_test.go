package text

import (
	"math/rand/v2"
	"slices"
	"strings"
	"testing"
)

// randomWords returns n words of 2 to 9 letters from a fixed seed, drawn
// from a small alphabet so that words repeat.
func randomWords(seed uint64, n int) []string {
	rng := rand.New(rand.NewPCG(seed, 1))
	words := make([]string, n)
	for i := range words {
		b := make([]byte, 2+rng.IntN(8))
		for j := range b {
			b[j] = "aeinorst"[rng.IntN(8)]
		}
		words[i] = string(b)
	}
	return words
}

func TestStemCacheBound(t *testing.T) {
	words := randomWords(7, 5000)
	for _, size := range []int{1, 2, 3, 10, 257} {
		a, err := NewAnalyzer(Config{CacheSize: size})
		if err != nil {
			t.Fatal(err)
		}
		for i := 0; i < len(words); i += 50 {
			a.Terms(nil, strings.Join(words[i:i+50], " "))
			if n := a.cache.len(); n > size {
				t.Fatalf("CacheSize %d: cache holds %d entries", size, n)
			}
		}
		if size >= 10 && a.cache.len() < size/2 {
			t.Errorf("CacheSize %d: cache holds only %d entries", size, a.cache.len())
		}
	}
}

func TestStemCacheKeepsHotWords(t *testing.T) {
	c := newStemCache(4)
	c.put("hot", "hot")
	for _, w := range []string{"a1", "a2", "a3", "a4", "a5", "a6"} {
		if _, ok := c.get([]byte("hot")); !ok {
			t.Fatalf("hot word evicted before %s", w)
		}
		c.put(w, w)
	}
}

// TestStemCacheTransparent checks that the cache size changes nothing in
// the output.
func TestStemCacheTransparent(t *testing.T) {
	words := randomWords(11, 3000)
	tiny, err := NewAnalyzer(Config{CacheSize: 1})
	if err != nil {
		t.Fatal(err)
	}
	large, err := NewAnalyzer(Config{})
	if err != nil {
		t.Fatal(err)
	}
	for i := 0; i < len(words); i += 30 {
		s := strings.Join(words[i:i+30], " ")
		if got, want := tiny.Terms(nil, s), large.Terms(nil, s); !slices.Equal(got, want) {
			t.Fatalf("Terms(%q) with CacheSize 1 = %q, with default = %q", s, got, want)
		}
	}
}
