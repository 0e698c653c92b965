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

// TestTermIndexRemoveMatchesMap removes and adds terms at random, short and
// long, and checks after each step that every term left is found under its
// ID and every removed one is not, so that the backward shift never cuts a
// probe run.
func TestTermIndexRemoveMatchesMap(t *testing.T) {
	r := rand.New(rand.NewPCG(5, 5))
	terms := make(map[uint32]string)
	var x termIndex
	long := func(id uint32) string { return terms[id] }
	want := make(map[string]uint32)
	next := uint32(0)
	for step := range 30_000 {
		term := fmt.Sprintf("%d%s", r.IntN(3000), strings.Repeat("x", r.IntN(2*inlineKey)))
		if id, ok := want[term]; ok {
			x.remove(term, long)
			delete(want, term)
			delete(terms, id)
		} else {
			terms[next] = term
			x.add(term, next, long)
			want[term] = next
			next++
		}
		if step%1000 != 0 {
			continue
		}
		for term, id := range want {
			if got, ok := x.find(term, long); !ok || got != id {
				t.Fatalf("step %d: %q found as %d %v, want %d", step, term, got, ok, id)
			}
		}
		if x.n != len(want) {
			t.Fatalf("step %d: index counts %d terms, want %d", step, x.n, len(want))
		}
	}
	x.remove("never added", long) // a no-op
	if x.n != len(want) {
		t.Errorf("removing an absent term changed the count to %d", x.n)
	}
}
