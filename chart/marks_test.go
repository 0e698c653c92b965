package chart

import (
	"strings"
	"testing"
)

// TestMarksScatterAndFixedAxis checks the additions for the feed charts:
// marks inside a fixed axis are drawn and listed once, marks and markers
// outside it are not, scatter series have no line, and the text
// alternative is written.
func TestMarksScatterAndFixedAxis(t *testing.T) {
	c := Chart{
		Title: "day", XMin: 0, XMax: 24, XStep: 6, Alt: "a <day>",
		Series: []Series{
			{Name: "line", Points: []Point{{0, 1}, {12, 2}, {24, 1}}},
			{Name: "dots", Scatter: true, Points: []Point{{3, 1}, {30, 1}}},
		},
		Marks: []Mark{{X: 6, Name: "planned"}, {X: 18, Name: "planned"}, {X: 25, Name: "planned"}, {X: 9, Name: "next", Solid: true}},
	}
	b, err := c.SVG()
	if err != nil {
		t.Fatal(err)
	}
	svg := string(b)
	tests := []struct {
		what string
		sub  string
		want int
	}{
		{"marks inside the axis", `class="mark"`, 3},
		{"legend entries of the marks", ">planned</text>", 1},
		{"solid mark and its legend entry", `stroke="#111" stroke-width="2"`, 2},
		{"dotted marks and their legend entry", `stroke-dasharray="2 3"`, 3},
		{"paths (the scatter series has none)", "<path ", 1},
		{"markers (one scatter point is off the axis)", "<circle cx", 4},
		{"legend dot of the scatter series", `<circle class="key"`, 1},
		{"x ticks every 6 from 0 to 24", `text-anchor="middle">`, 5},
		{"escaped description", "<desc>a &lt;day&gt;</desc>", 1},
	}
	for _, tt := range tests {
		if got := strings.Count(svg, tt.sub); got != tt.want {
			t.Errorf("%s: %d of %q, want %d", tt.what, got, tt.sub, tt.want)
		}
	}
}

// TestBadXStep checks that an x step that cannot fit the axis is refused.
func TestBadXStep(t *testing.T) {
	for _, step := range []float64{-1, 0.001} {
		c := Chart{XMin: 0, XMax: 24, XStep: step, Series: []Series{{Name: "a", Points: []Point{{1, 1}}}}}
		if _, err := c.SVG(); err == nil || !strings.HasPrefix(err.Error(), "chart: ") {
			t.Errorf("step %g: error %v, want a chart error", step, err)
		}
	}
}
