package chart

import (
	"bytes"
	"fmt"
)

// Mark is a vertical line across the plot at X, for instants such as
// planned fetch times drawn over a curve. Marks sharing a Name share one
// legend entry, drawn in the style of the first of them.
type Mark struct {
	X    float64
	Name string
	// Solid draws the line solid and darker, to set one instant apart
	// from dotted ones.
	Solid bool
}

// Colours of the marks, apart from the series palette.
const (
	markColour  = "#444"
	solidColour = "#111"
)

// style returns the stroke attributes of the mark.
func (m Mark) style() string {
	if m.Solid {
		return fmt.Sprintf(`stroke="%s" stroke-width="2"`, solidColour)
	}
	return fmt.Sprintf(`stroke="%s" stroke-width="1.5" stroke-dasharray="2 3"`, markColour)
}

// renderMarks draws the marks that fall inside the x axis.
func (p plot) renderMarks(b *bytes.Buffer) {
	if len(p.Marks) == 0 {
		return
	}
	b.WriteString(`<g class="marks">` + "\n")
	for _, m := range p.Marks {
		if !finite(Point{X: m.X}) || m.X < p.x.lo || m.X > p.x.hi {
			continue
		}
		px := p.x.pixel(m.X)
		fmt.Fprintf(b, `<line class="mark" x1="%s" y1="%s" x2="%s" y2="%s" %s/>`+"\n", num(px), num(p.y.phi), num(px), num(p.y.plo), m.style())
	}
	b.WriteString("</g>\n")
}

// legendMarks returns the first mark of each distinct name, in order.
func (c *Chart) legendMarks() []Mark {
	var out []Mark
	seen := map[string]bool{}
	for _, m := range c.Marks {
		if m.Name != "" && !seen[m.Name] {
			seen[m.Name] = true
			out = append(out, m)
		}
	}
	return out
}
