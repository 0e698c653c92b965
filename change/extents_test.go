package change

import (
	"encoding/json"
	"math"
	"sort"
	"strings"
	"testing"
)

func TestTermDiff(t *testing.T) {
	tests := []struct {
		name     string
		old, new map[string]int
		top      int
		want     float64
	}{
		{"same", map[string]int{"a": 2, "b": 1}, map[string]int{"a": 2, "b": 1}, -1, 0},
		{"disjoint", map[string]int{"a": 2}, map[string]int{"b": 5}, -1, 1},
		// a: |4−1| = 3, (2+1)² = 9; b: |1−0| = 1, 1; c: |0−1| = 1, 1.
		{"hand computed", map[string]int{"a": 2, "b": 1}, map[string]int{"a": 1, "c": 1}, -1, 5.0 / 11},
		// top 1 of each is a alone: no difference among the most frequent.
		{"top one", map[string]int{"a": 3, "b": 1}, map[string]int{"a": 3, "c": 2}, 1, 0},
		// top 2: old {a, b}, new {a, c}; b: 1/1, c: 4/4, a: 0/36.
		{"top two", map[string]int{"a": 3, "b": 1}, map[string]int{"a": 3, "c": 2}, 2, 5.0 / 41},
		{"both empty", nil, nil, 10, 0},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := TermDiff(tt.old, tt.new, tt.top); math.Abs(got-tt.want) > 1e-12 {
				t.Errorf("TermDiff = %v, want %v", got, tt.want)
			}
		})
	}
}

func TestIndexChange(t *testing.T) {
	tests := []struct {
		name     string
		old, new map[string]int
		want     float64
	}{
		{"same", map[string]int{"the": 2, "cat": 1}, map[string]int{"the": 2, "cat": 1}, 0},
		// cat lost, dog gained: 2 of max(2,2)+1+1 = 4 occurrences.
		{"one word replaced", map[string]int{"the": 2, "cat": 1}, map[string]int{"the": 2, "dog": 1}, 0.5},
		// the: |2−3| = 1 of max 3; cat: 0 of 1.
		{"one more occurrence", map[string]int{"the": 2, "cat": 1}, map[string]int{"the": 3, "cat": 1}, 0.25},
		{"disjoint", map[string]int{"a": 1}, map[string]int{"b": 1}, 1},
		{"empty", nil, nil, 0},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := IndexChange(tt.old, tt.new); math.Abs(got-tt.want) > 1e-12 {
				t.Errorf("IndexChange = %v, want %v", got, tt.want)
			}
		})
	}
}

func TestSetChange(t *testing.T) {
	tests := []struct {
		name           string
		old, new       []string
		want           float64
		added, removed int
	}{
		{"same", []string{"a", "b"}, []string{"a", "b"}, 0, 0, 0},
		{"one added", []string{"a", "b", "c"}, []string{"a", "b", "c", "d"}, 0.25, 1, 0},
		{"one swapped", []string{"a", "b"}, []string{"a", "c"}, 2.0 / 3, 1, 1},
		{"all new", nil, []string{"x"}, 1, 1, 0},
		{"none", nil, nil, 0, 0, 0},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			f, a, r := SetChange(tt.old, tt.new)
			if math.Abs(f-tt.want) > 1e-12 || a != tt.added || r != tt.removed {
				t.Errorf("SetChange = %v, %d, %d; want %v, %d, %d", f, a, r, tt.want, tt.added, tt.removed)
			}
		})
	}
}

func TestBands(t *testing.T) {
	tests := []struct {
		fraction float64
		want     Severity
	}{
		{0, Negligible}, {0.0499, Negligible}, {0.05, Significant}, {0.12, Significant},
		{0.20, Significant}, {0.2001, Important}, {1, Important},
	}
	for _, tt := range tests {
		if got := DefaultBands().Of(tt.fraction); got != tt.want {
			t.Errorf("Of(%v) = %v, want %v", tt.fraction, got, tt.want)
		}
	}
}

func TestParseSeverity(t *testing.T) {
	for _, s := range []Severity{Negligible, Significant, Important} {
		got, err := ParseSeverity(" " + s.String() + " ")
		if err != nil || got != s {
			t.Errorf("ParseSeverity(%q) = %v, %v", s.String(), got, err)
		}
	}
	if _, err := ParseSeverity("huge"); err == nil {
		t.Error("ParseSeverity(huge) gave no error")
	}
}

// TestSeverityJSONRoundTrip checks that every severity, the zero value
// included, reads back as written.
func TestSeverityJSONRoundTrip(t *testing.T) {
	for _, s := range []Severity{Unknown, Negligible, Significant, Important} {
		b, err := json.Marshal(Combined{Severity: s})
		if err != nil {
			t.Fatal(err)
		}
		var back Combined
		if err := json.Unmarshal(b, &back); err != nil || back.Severity != s {
			t.Errorf("%s: read back %v, %v", b, back.Severity, err)
		}
	}
	var s Severity
	if err := json.Unmarshal([]byte(`"huge"`), &s); err == nil {
		t.Error(`"huge" decoded without error`)
	}
}

// TestMostFrequent checks the linear-time cut against a full sort.
func TestMostFrequent(t *testing.T) {
	m := map[string]int{"a": 5, "b": 3, "c": 3, "d": 3, "e": 1, "f": 9}
	tests := []struct {
		top  int
		want string
	}{
		{1, "f"}, {2, "a f"}, {3, "a b f"}, {4, "a b c f"}, {5, "a b c d f"}, {6, "a b c d e f"}, {-1, "a b c d e f"},
	}
	for _, tt := range tests {
		got := mostFrequent(m, tt.top)
		sort.Strings(got)
		if strings.Join(got, " ") != tt.want {
			t.Errorf("mostFrequent(top %d) = %v, want %s", tt.top, got, tt.want)
		}
	}
}
