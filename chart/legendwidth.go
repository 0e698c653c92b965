package chart

import "unicode/utf8"

// legendCharWidth is a generous width, in pixels, of one character of the
// legend's 12-pixel sans-serif text: wide enough for most glyphs of the
// fonts browsers pick, so that a legend sized by it is not cut off.
const legendCharWidth = 7.2

// legendInset is how far from the plot area a legend entry's text starts
// (the key drawn before it), and legendPad the room kept after it.
const (
	legendInset = 46
	legendPad   = 8
)

// rightMargin returns the width kept right of the plot area for the
// legend: marginRight, or more when a series or mark name would not fit
// in it, so that no name is cut off at the chart's edge, however narrow
// the screen that scales the chart down.
func (c *Chart) rightMargin() int {
	longest := 0
	for _, s := range c.Series {
		longest = max(longest, utf8.RuneCountInString(s.Name))
	}
	for _, m := range c.legendMarks() {
		longest = max(longest, utf8.RuneCountInString(m.Name))
	}
	return max(marginRight, legendInset+int(float64(longest)*legendCharWidth+0.5)+legendPad)
}
