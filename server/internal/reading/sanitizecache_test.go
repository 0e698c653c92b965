package reading

import (
	"fmt"
	"strings"
	"testing"

	"vigil/sanitize"
)

func TestCleanerReturnsWhatThePolicyReturns(t *testing.T) {
	inputs := []string{
		"",
		"plain text & more",
		`<p onclick="alert(1)">hi <script>alert(2)</script><a href="https://example.com/">x</a></p>`,
		`<img src="javascript:alert(1)"><iframe src="https://evil.example/"></iframe>`,
		strings.Repeat("<b>long</b>", maxCachedHTML/11+1), // beyond the cached length
	}
	for _, budget := range []int{-1, 0, 1 << 20} {
		c := newCleaner(sanitize.Policy(), budget)
		for round := range 3 { // a miss, then hits
			for _, in := range inputs {
				if got, want := c.Sanitize(in), sanitize.Policy().Sanitize(in); got != want {
					t.Errorf("budget %d, round %d: Sanitize(%.40q) = %.60q, want %.60q", budget, round, in, got, want)
				}
			}
		}
	}
}

func TestCleanerStaysWithinItsBudget(t *testing.T) {
	const budget = 4000
	c := newCleaner(sanitize.Policy(), budget)
	for i := range 1000 {
		c.Sanitize(fmt.Sprintf("<p>item %d <script>x</script></p>", i))
		c.Sanitize("<p>read often</p>") // kept by being read in every generation
		held := 0
		for _, gen := range []map[string]string{c.cur, c.old} {
			for in, out := range gen {
				held += len(in) + len(out)
			}
		}
		if held > budget {
			t.Fatalf("after %d items the cache holds %d bytes, over its budget of %d", i+1, held, budget)
		}
	}
	if _, ok := c.lookup("<p>read often</p>"); !ok {
		t.Error("an entry read all along was evicted")
	}
	if _, ok := c.lookup("<p>item 0 <script>x</script></p>"); ok {
		t.Error("the oldest entry is still held")
	}
	if off := newCleaner(sanitize.Policy(), -1); off.Sanitize("<p>x</p>") != "<p>x</p>" || len(off.cur) != 0 {
		t.Error("a disabled cache stored an entry")
	}
}
