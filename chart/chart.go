// Package chart draws line charts as standalone SVG documents: axes with
// ticks and labels, several named series with a legend, an optional
// logarithmic x axis, a title and units. It uses only the standard library
// and writes the same bytes for the same chart.
package chart

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"math"
)

// DefaultWidth is the width of a chart in pixels when Width is zero.
const DefaultWidth = 820

// DefaultHeight is the height of a chart in pixels when Height is zero.
const DefaultHeight = 480

// Point is one observation of a series.
type Point struct {
	X, Y float64
}

// Series is one named line of a chart. Points are drawn in the order given;
// non-finite coordinates are skipped.
type Series struct {
	Name   string
	Points []Point
	// Dashed draws the line dashed, for a bound or reference curve.
	Dashed bool
	// Scatter draws the points as markers only, without a line joining
	// them, for events such as single fetches.
	Scatter bool
}

// Chart is a line chart.
type Chart struct {
	Title string
	// XLabel and YLabel name the axes; XUnit and YUnit, when set, are shown
	// after them in parentheses.
	XLabel, XUnit string
	YLabel, YUnit string
	// LogX draws the x axis on a base-10 logarithmic scale; every x must
	// then be positive.
	LogX bool
	// Width and Height are the size in pixels; 0 takes the defaults.
	Width, Height int
	Series        []Series
	// Marks are vertical lines drawn over the series, listed once per
	// name in the legend.
	Marks []Mark
	// XMin and XMax, when XMax > XMin, fix the x axis to that range
	// instead of the data's, so that charts of a day or a week keep their
	// axis whatever the data.
	XMin, XMax float64
	// XStep is the distance between x ticks on a fixed axis; 0 picks a
	// round step.
	XStep float64
	// Alt is the text alternative of the chart, written as its <title>
	// and <desc> so that screen readers and text browsers can tell what
	// the picture shows; empty means the Title alone.
	Alt string
}

// SVG returns the chart as an SVG document.
func (c *Chart) SVG() ([]byte, error) {
	var b bytes.Buffer
	if err := c.WriteSVG(&b); err != nil {
		return nil, err
	}
	return b.Bytes(), nil
}

// WriteSVG writes the chart to w as an SVG document.
func (c *Chart) WriteSVG(w io.Writer) error {
	if err := c.check(); err != nil {
		return err
	}
	p := c.layout()
	var b bytes.Buffer
	p.render(&b)
	if _, err := w.Write(b.Bytes()); err != nil {
		return fmt.Errorf("chart: unable to write the SVG: %w", err)
	}
	return nil
}

// check reports what makes the chart impossible to draw.
func (c *Chart) check() error {
	if len(c.Series) == 0 {
		return errors.New("chart: no series to draw")
	}
	if c.Width < 0 || c.Height < 0 {
		return fmt.Errorf("chart: negative size %d×%d", c.Width, c.Height)
	}
	if c.XStep < 0 || c.XMax > c.XMin && c.XStep > 0 && (c.XMax-c.XMin)/c.XStep > 1000 {
		return fmt.Errorf("chart: x step %g does not fit the axis from %g to %g", c.XStep, c.XMin, c.XMax)
	}
	for _, s := range c.Series {
		for _, pt := range s.Points {
			if c.LogX && pt.X <= 0 {
				return fmt.Errorf("chart: series %q has x = %g, not positive on a log axis", s.Name, pt.X)
			}
		}
	}
	return nil
}

// finite reports whether a point can be drawn.
func finite(pt Point) bool {
	return !math.IsNaN(pt.X) && !math.IsInf(pt.X, 0) && !math.IsNaN(pt.Y) && !math.IsInf(pt.Y, 0)
}

// label joins an axis name and its unit.
func label(name, unit string) string {
	if unit == "" {
		return name
	}
	return name + " (" + unit + ")"
}
