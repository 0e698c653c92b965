package chart

import (
	"bytes"
	"encoding/xml"
	"fmt"
	"math"
	"strconv"
)

// Margins around the plot area, in pixels; the right one holds the legend.
const (
	marginLeft   = 78
	marginRight  = 200
	marginTop    = 48
	marginBottom = 62
)

// palette colours the series in order, cycling when there are more.
var palette = []string{
	"#1f77b4", "#d62728", "#2ca02c", "#ff7f0e", "#9467bd",
	"#8c564b", "#e377c2", "#17becf", "#7f7f7f", "#bcbd22",
	"#393b79", "#ad494a", "#637939", "#e7ba52", "#7b4173", "#3182bd",
}

// plot is a chart with its axes resolved to pixels.
type plot struct {
	*Chart
	w, h int
	x, y axis
}

// layout resolves the size and both axes of the chart.
func (c *Chart) layout() plot {
	p := plot{Chart: c, w: c.Width, h: c.Height}
	if p.w == 0 {
		p.w = DefaultWidth
	}
	if p.h == 0 {
		p.h = DefaultHeight
	}
	xlo, xhi, ylo, yhi, ok := dataRange(c.Series)
	if !ok {
		xlo, xhi, ylo, yhi = 1, 10, 0, 1
	}
	switch {
	case c.XMax > c.XMin && !c.LogX:
		p.x = fixedAxis(c.XMin, c.XMax, c.XStep)
	case c.LogX:
		p.x = logAxis(xlo, xhi)
	default:
		p.x = linearAxis(xlo, xhi)
	}
	p.y = linearAxis(math.Min(ylo, 0), yhi)
	p.x.plo, p.x.phi = marginLeft, float64(p.w-c.rightMargin())
	p.y.plo, p.y.phi = float64(p.h-marginBottom), marginTop
	return p
}

// render writes the whole SVG document.
func (p plot) render(b *bytes.Buffer) {
	fmt.Fprintf(b, `<svg xmlns="http://www.w3.org/2000/svg" width="%d" height="%d" viewBox="0 0 %d %d" font-family="sans-serif" font-size="12" role="img">`+"\n", p.w, p.h, p.w, p.h)
	p.renderAlt(b)
	fmt.Fprintf(b, `<rect width="%d" height="%d" fill="white"/>`+"\n", p.w, p.h)
	text(b, float64(p.w)/2, 24, "middle", `font-size="15" font-weight="bold"`, p.Title)
	p.renderAxes(b)
	for i, s := range p.Series {
		p.renderSeries(b, i, s)
	}
	p.renderMarks(b)
	p.renderLegend(b)
	b.WriteString("</svg>\n")
}

// renderAxes draws the frame, grid lines, ticks and axis labels.
func (p plot) renderAxes(b *bytes.Buffer) {
	x0, x1, y0, y1 := p.x.plo, p.x.phi, p.y.plo, p.y.phi
	b.WriteString(`<g class="axes" stroke="#333" fill="none">` + "\n")
	for _, t := range p.x.ticks {
		px := p.x.pixel(t)
		fmt.Fprintf(b, `<line x1="%s" y1="%s" x2="%s" y2="%s" stroke="#ddd"/>`+"\n", num(px), num(y1), num(px), num(y0))
		fmt.Fprintf(b, `<line x1="%s" y1="%s" x2="%s" y2="%s"/>`+"\n", num(px), num(y0), num(px), num(y0+5))
	}
	for _, t := range p.y.ticks {
		py := p.y.pixel(t)
		fmt.Fprintf(b, `<line x1="%s" y1="%s" x2="%s" y2="%s" stroke="#ddd"/>`+"\n", num(x0), num(py), num(x1), num(py))
		fmt.Fprintf(b, `<line x1="%s" y1="%s" x2="%s" y2="%s"/>`+"\n", num(x0-5), num(py), num(x0), num(py))
	}
	fmt.Fprintf(b, `<rect x="%s" y="%s" width="%s" height="%s"/>`+"\n", num(x0), num(y1), num(x1-x0), num(y0-y1))
	b.WriteString("</g>\n<g class=\"tick-labels\">\n")
	for i, t := range p.x.ticks {
		text(b, p.x.pixel(t), y0+19, "middle", "", p.x.tickLabels[i])
	}
	for i, t := range p.y.ticks {
		text(b, x0-8, p.y.pixel(t)+4, "end", "", p.y.tickLabels[i])
	}
	b.WriteString("</g>\n")
	text(b, (x0+x1)/2, float64(p.h)-18, "middle", "", label(p.XLabel, p.XUnit))
	ymid := (y0 + y1) / 2
	text(b, 18, ymid, "middle", fmt.Sprintf(`transform="rotate(-90 18 %s)"`, num(ymid)), label(p.YLabel, p.YUnit))
}

// renderSeries draws one series as a path with a marker on each point.
func (p plot) renderSeries(b *bytes.Buffer, i int, s Series) {
	colour := palette[i%len(palette)]
	dash := ""
	if s.Dashed {
		dash = ` stroke-dasharray="6 4"`
	}
	var d bytes.Buffer
	for _, pt := range s.Points {
		if !finite(pt) || s.Scatter {
			continue
		}
		cmd := "L"
		if d.Len() == 0 {
			cmd = "M"
		}
		fmt.Fprintf(&d, "%s%s %s ", cmd, num(p.x.pixel(pt.X)), num(p.y.pixel(pt.Y)))
	}
	fmt.Fprintf(b, `<g class="series" data-name="%s" stroke="%s" fill="%s">`+"\n", attr(s.Name), colour, colour)
	if d.Len() > 0 {
		fmt.Fprintf(b, `<path d="%s" fill="none" stroke-width="2"%s/>`+"\n", bytes.TrimSpace(d.Bytes()), dash)
	}
	for _, pt := range s.Points {
		if finite(pt) && p.inX(pt.X) {
			fmt.Fprintf(b, `<circle cx="%s" cy="%s" r="3"/>`+"\n", num(p.x.pixel(pt.X)), num(p.y.pixel(pt.Y)))
		}
	}
	b.WriteString("</g>\n")
}

// renderLegend lists the series right of the plot area.
func (p plot) renderLegend(b *bytes.Buffer) {
	x := p.x.phi + legendInset - 30 // the key starts here, its text 30 px on
	b.WriteString(`<g class="legend">` + "\n")
	for i, s := range p.Series {
		y := p.y.phi + 8 + float64(i)*20
		dash := ""
		if s.Dashed {
			dash = ` stroke-dasharray="6 4"`
		}
		if s.Scatter {
			fmt.Fprintf(b, `<circle class="key" cx="%s" cy="%s" r="4" fill="%s"/>`+"\n", num(x+12), num(y), palette[i%len(palette)])
		} else {
			fmt.Fprintf(b, `<line x1="%s" y1="%s" x2="%s" y2="%s" stroke="%s" stroke-width="2"%s/>`+"\n", num(x), num(y), num(x+24), num(y), palette[i%len(palette)], dash)
		}
		text(b, x+30, y+4, "start", "", s.Name)
	}
	for j, m := range p.legendMarks() {
		y := p.y.phi + 8 + float64(len(p.Series)+j)*20
		fmt.Fprintf(b, `<line x1="%s" y1="%s" x2="%s" y2="%s" %s/>`+"\n", num(x+12), num(y-8), num(x+12), num(y+8), m.style())
		text(b, x+30, y+4, "start", "", m.Name)
	}
	b.WriteString("</g>\n")
}

// renderAlt writes the chart's text alternative as its title and
// description.
func (p plot) renderAlt(b *bytes.Buffer) {
	b.WriteString("<title>")
	xml.EscapeText(b, []byte(p.Title))
	b.WriteString("</title>\n")
	if p.Alt != "" {
		b.WriteString("<desc>")
		xml.EscapeText(b, []byte(p.Alt))
		b.WriteString("</desc>\n")
	}
}

// inX reports whether x lies on the x axis shown, so that a fixed axis
// does not draw markers outside the plot.
func (p plot) inX(x float64) bool {
	return x >= p.x.lo && x <= p.x.hi
}

// text writes one escaped text element; extra holds further attributes.
func text(b *bytes.Buffer, x, y float64, anchor, extra, s string) {
	if s == "" {
		return
	}
	if extra != "" {
		extra = " " + extra
	}
	fmt.Fprintf(b, `<text x="%s" y="%s" text-anchor="%s"%s>`, num(x), num(y), anchor, extra)
	xml.EscapeText(b, []byte(s))
	b.WriteString("</text>\n")
}

// attr escapes s for an attribute value.
func attr(s string) string {
	var b bytes.Buffer
	xml.EscapeText(&b, []byte(s))
	return b.String()
}

// num formats a pixel coordinate with two decimals, without trailing zeros.
func num(v float64) string {
	return strconv.FormatFloat(math.Round(v*100)/100, 'f', -1, 64)
}
