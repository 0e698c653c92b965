package profile

import (
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"
)

// TestTermIndexMatchesMap interns short, boundary-length and long terms and
// checks every lookup against a map, across many growths.
func TestTermIndexMatchesMap(t *testing.T) {
	r := rand.New(rand.NewPCG(4, 4))
	var c Corpus
	want := make(map[string]uint32)
	for i := range 20_000 {
		n := r.IntN(2 * inlineKey)
		term := fmt.Sprintf("%d%s", i%5000, strings.Repeat("x", n)) // repeats too
		id := c.intern(term)
		if old, ok := want[term]; ok && old != id {
			t.Fatalf("%q interned as %d, then %d", term, old, id)
		}
		want[term] = id
	}
	if c.Len() != len(want) {
		t.Fatalf("Len %d, want %d", c.Len(), len(want))
	}
	for term, id := range want {
		if got, ok := c.ID(term); !ok || got != id || c.Term(id) != term {
			t.Fatalf("%q: ID %d %v, want %d", term, got, ok, id)
		}
	}
	for _, absent := range []string{"", "nope", strings.Repeat("y", inlineKey), strings.Repeat("z", inlineKey+1)} {
		if _, ok := c.ID(absent); ok {
			t.Errorf("%q found but never interned", absent)
		}
	}
}
