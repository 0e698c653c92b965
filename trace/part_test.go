package trace

import (
	"fmt"
	"slices"
	"testing"
	"time"
)

func TestParsePart(t *testing.T) {
	cases := []struct {
		in   string
		want Part
		ok   bool
	}{
		{"", Part{}, true},
		{"1/2", Part{1, 2}, true},
		{"2/2", Part{2, 2}, true},
		{"3/5", Part{3, 5}, true},
		{"0/2", Part{}, false},
		{"3/2", Part{}, false},
		{"1/0", Part{}, false},
		{"a/b", Part{}, false},
		{"1", Part{}, false},
	}
	for _, c := range cases {
		got, err := ParsePart(c.in)
		if (err == nil) != c.ok || got != c.want {
			t.Errorf("ParsePart(%q) = %v, %v; want %v (ok %v)", c.in, got, err, c.want, c.ok)
		}
	}
}

// TestPartsSplitEveryID checks that the parts of a split hold every ID
// exactly once and in shares near 1/n.
func TestPartsSplitEveryID(t *testing.T) {
	for _, n := range []int{2, 3} {
		counts := make([]int, n)
		const ids = 3000
		for k := range ids {
			id := fmt.Sprintf("r/source%d", k)
			in := 0
			for i := 1; i <= n; i++ {
				if (Part{i, n}).Holds(id) {
					counts[i-1]++
					in++
				}
			}
			if in != 1 {
				t.Fatalf("%s is in %d of %d parts", id, in, n)
			}
		}
		for i, c := range counts {
			if share := float64(c) / ids; share < 0.9/float64(n) || share > 1.1/float64(n) {
				t.Errorf("part %d/%d holds %.3f of the IDs", i+1, n, share)
			}
		}
	}
	if !(Part{}).Holds("anything") {
		t.Error("the zero part does not hold every ID")
	}
}

func TestFollowsShare(t *testing.T) {
	for _, share := range []float64{0.1, 0.5} {
		n := 0
		for u := range 20 {
			for s := range 500 {
				if Follows(fmt.Sprintf("u%02d", u), fmt.Sprintf("s%d", s), share) {
					n++
				}
			}
		}
		if got := float64(n) / 10000; got < share-0.02 || got > share+0.02 {
			t.Errorf("share %v: %.3f of the pairs follow", share, got)
		}
	}
}

// TestReplayFromSkipsWeeks replays a user's weeks from their second:
// simulated weeks copy the user's weeks 1, 2, 0, 1, ...
func TestReplayFromSkipsWeeks(t *testing.T) {
	mon := time.Date(2020, 1, 6, 0, 0, 0, 0, time.UTC)
	var acc []Access
	for w, n := range []int{3, 0, 5} {
		for i := range n {
			acc = append(acc, Access{User: "u", Time: mon.Add(time.Duration(w)*week + time.Duration(i*37+1)*time.Hour)})
		}
	}
	a := &Accesses{Users: []User{{ID: "u", Accesses: acc}}}
	start := time.Date(2026, 3, 2, 0, 0, 0, 0, time.UTC) // a Monday
	cases := []struct {
		skip int
		want []int
	}{{0, []int{3, 0, 5, 3}}, {1, []int{0, 5, 3, 0}}, {2, []int{5, 3, 0, 5}}, {4, []int{0, 5, 3, 0}}}
	for _, c := range cases {
		got := a.ReplayFrom(start, start.Add(4*week), c.skip).Users[0].Accesses
		counts := make([]int, 4)
		for _, g := range got {
			counts[int(g.Time.Sub(start)/week)]++
		}
		if !slices.Equal(counts, c.want) {
			t.Errorf("skip %d: weekly counts %v, want %v", c.skip, counts, c.want)
		}
	}
}
