package monitor

import (
	"strings"
	"testing"

	"vigil/change"
)

// extractOf extracts a page of n paragraphs.
func extractOf(t *testing.T, n int) *change.Document {
	t.Helper()
	d, err := change.Extract([]byte(strings.Repeat("<p>a paragraph of words</p>", n)), "text/html", change.ExtractOptions{})
	if err != nil {
		t.Fatal(err)
	}
	return d
}

func TestDocCacheIsBoundedInBytes(t *testing.T) {
	small, big := extractOf(t, 10), extractOf(t, 1000)
	limit := 3*small.Footprint() + small.Footprint()/2
	tests := []struct {
		name string
		puts []int64 // feed IDs put in turn (feed 9 gets the big extract)
		gets []int64 // feed IDs read after the puts (a read makes it recent)
		want []int64 // feed IDs still cached at the end
	}{
		{"fits", []int64{1, 2, 3}, nil, []int64{1, 2, 3}},
		{"the oldest goes", []int64{1, 2, 3, 4}, nil, []int64{2, 3, 4}},
		{"a read keeps it", []int64{1, 2, 3}, []int64{1}, []int64{1, 3}},
		{"a new version replaces the old", []int64{1, 2, 1, 1, 1}, nil, []int64{1, 2}},
		{"too big for the cache", []int64{1, 9}, nil, []int64{1}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			c := newDocCache(limit)
			for _, id := range tt.puts {
				d := small
				if id == 9 {
					d = big
				}
				c.put(id, "h", d)
			}
			for _, id := range tt.gets {
				c.get(id, "h")
			}
			if len(tt.gets) > 0 {
				c.put(4, "h", small)
				tt.want = append(tt.want, 4)
			}
			for _, id := range tt.want {
				if c.get(id, "h") == nil {
					t.Errorf("feed %d's extract is gone", id)
				}
			}
			if n := len(c.docs); n != len(tt.want) {
				t.Errorf("%d extracts cached, want %d", n, len(tt.want))
			}
			if c.bytes() > limit {
				t.Errorf("%d bytes cached over the limit %d", c.bytes(), limit)
			}
		})
	}
}

func TestDocCacheChecksTheHash(t *testing.T) {
	c := newDocCache(1 << 20)
	c.put(1, "old", extractOf(t, 1))
	if c.get(1, "new") != nil {
		t.Error("an extract of other bytes was returned")
	}
}

func TestFootprintGrowsWithThePage(t *testing.T) {
	a, b := extractOf(t, 10), extractOf(t, 1000)
	if a.Footprint() <= 0 || b.Footprint() < 50*a.Footprint() {
		t.Errorf("footprints %d and %d do not follow the pages' sizes", a.Footprint(), b.Footprint())
	}
}
