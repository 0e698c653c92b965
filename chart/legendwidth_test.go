package chart

import "testing"

// TestRightMarginHoldsTheLegend checks that the right margin grows with
// the longest legend name, series or mark, so that a name is never cut at
// the chart's edge, and that the plot area gives way to it.
func TestRightMarginHoldsTheLegend(t *testing.T) {
	long := "planned fetches of the accrued policy, by hour"
	tests := []struct {
		name   string
		series string
		mark   string
		want   int
	}{
		{"short names keep the default", "uniform", "", marginRight},
		{"a long series name", long, "", legendInset + int(float64(len([]rune(long)))*legendCharWidth+0.5) + legendPad},
		{"a long mark name", "uniform", long, legendInset + int(float64(len([]rune(long)))*legendCharWidth+0.5) + legendPad},
	}
	for _, tt := range tests {
		c := sample()
		c.Series[0].Name = tt.series
		if tt.mark != "" {
			c.Marks = []Mark{{X: 1, Name: tt.mark}}
		}
		if got := c.rightMargin(); got != tt.want {
			t.Errorf("%s: right margin %d, want %d", tt.name, got, tt.want)
		}
		p := c.layout()
		if edge := p.x.phi + legendInset + float64(len([]rune(tt.series)))*legendCharWidth; edge > float64(p.w) {
			t.Errorf("%s: the legend text ends at %.0f, past the chart's width %d", tt.name, edge, p.w)
		}
	}
}
