package chart

import (
	"bytes"
	"fmt"
)

// Mark is a vertical line across the plot at X, for instants such as
// planned fetch times drawn over a curve. Marks sharing a Name share one
// legend entry.
type Mark struct {
	X    float64
	Name string
}

// markColour is the colour of every mark, apart from the series palette.
const markColour = "#444"

// renderMarks draws the marks that fall inside the x axis as dotted lines.
func (p plot) renderMarks(b *bytes.Buffer) {
	if len(p.Marks) == 0 {
		return
	}
	fmt.Fprintf(b, `<g class="marks" stroke="%s" stroke-width="1.5" stroke-dasharray="2 3">`+"\n", markColour)
	for _, m := range p.Marks {
		if !finite(Point{X: m.X}) || m.X < p.x.lo || m.X > p.x.hi {
			continue
		}
		px := p.x.pixel(m.X)
		fmt.Fprintf(b, `<line class="mark" x1="%s" y1="%s" x2="%s" y2="%s"/>`+"\n", num(px), num(p.y.phi), num(px), num(p.y.plo))
	}
	b.WriteString("</g>\n")
}

// markNames returns the distinct names of the marks, in order.
func (c *Chart) markNames() []string {
	var names []string
	seen := map[string]bool{}
	for _, m := range c.Marks {
		if m.Name != "" && !seen[m.Name] {
			seen[m.Name] = true
			names = append(names, m.Name)
		}
	}
	return names
}
