package chart

import (
	"bytes"
	"encoding/xml"
	"io"
	"math"
	"strings"
	"testing"
)

// parsed is what a test reads back from a chart's SVG.
type parsed struct {
	series map[string]int // series name → points on its path
	order  []string
	texts  []string
}

// parseSVG decodes an SVG document as XML and collects the series' paths
// and the texts.
func parseSVG(t *testing.T, svg []byte) parsed {
	t.Helper()
	dec := xml.NewDecoder(bytes.NewReader(svg))
	p := parsed{series: map[string]int{}}
	var current string
	var inText bool
	for {
		tok, err := dec.Token()
		if err == io.EOF {
			break
		}
		if err != nil {
			t.Fatalf("the SVG is not well-formed XML: %v\n%s", err, svg)
		}
		switch el := tok.(type) {
		case xml.StartElement:
			switch el.Name.Local {
			case "g":
				current = ""
				if attrOf(el, "class") == "series" {
					current = attrOf(el, "data-name")
					p.order = append(p.order, current)
				}
			case "path":
				if current != "" {
					p.series[current] += strings.Count(attrOf(el, "d"), "M") + strings.Count(attrOf(el, "d"), "L")
				}
			case "text":
				inText = true
			}
		case xml.CharData:
			if inText {
				p.texts = append(p.texts, string(el))
			}
		case xml.EndElement:
			inText = false
		}
	}
	return p
}

func attrOf(el xml.StartElement, name string) string {
	for _, a := range el.Attr {
		if a.Name.Local == name {
			return a.Value
		}
	}
	return ""
}

func sample() *Chart {
	return &Chart{
		Title: "Delay vs budget <test> & co", XLabel: "budget", XUnit: "fetches/source/day",
		YLabel: "mean delay", YUnit: "min", LogX: true,
		Series: []Series{
			{Name: "uniform", Points: []Point{{0.5, 400}, {1, 200}, {2, 100}, {4, 50}, {8, 25}}},
			{Name: "combined", Points: []Point{{0.5, 250}, {1, 120}, {2, math.NaN()}, {4, 30}, {8, 15}}},
			{Name: "clairvoyant", Dashed: true, Points: []Point{{0.5, 100}, {1, 50}, {2, 25}, {4, 12}, {8, 6}}},
		},
	}
}

func TestSVGSeriesAndPoints(t *testing.T) {
	svg, err := sample().SVG()
	if err != nil {
		t.Fatal(err)
	}
	p := parseSVG(t, svg)
	want := map[string]int{"uniform": 5, "combined": 4, "clairvoyant": 5}
	if len(p.order) != 3 || p.order[0] != "uniform" || p.order[2] != "clairvoyant" {
		t.Fatalf("series in order %v", p.order)
	}
	for name, n := range want {
		if p.series[name] != n {
			t.Errorf("series %s has %d points on its path, want %d", name, p.series[name], n)
		}
	}
	all := strings.Join(p.texts, "|")
	for _, s := range []string{"Delay vs budget <test> & co", "budget (fetches/source/day)", "mean delay (min)", "0.5", "1", "2", "5", "uniform", "clairvoyant"} {
		if !strings.Contains(all, s) {
			t.Errorf("the SVG lacks the text %q: %s", s, all)
		}
	}
	if !bytes.Contains(svg, []byte(`stroke-dasharray`)) {
		t.Error("the dashed series is not dashed")
	}
}

func TestSVGDeterministic(t *testing.T) {
	a, err := sample().SVG()
	if err != nil {
		t.Fatal(err)
	}
	b, _ := sample().SVG()
	if !bytes.Equal(a, b) {
		t.Fatal("two renderings of the same chart differ")
	}
}

func TestSVGErrors(t *testing.T) {
	tests := []struct {
		name string
		c    Chart
		want string
	}{
		{"no series", Chart{}, "no series"},
		{"zero on log axis", Chart{LogX: true, Series: []Series{{Name: "a", Points: []Point{{0, 1}}}}}, "not positive"},
		{"negative size", Chart{Width: -1, Series: []Series{{Name: "a"}}}, "negative size"},
	}
	for _, tt := range tests {
		_, err := tt.c.SVG()
		if err == nil || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("%s: error %v, want one containing %q", tt.name, err, tt.want)
		}
	}
}

func TestSVGLinearAndEmpty(t *testing.T) {
	c := Chart{Title: "t", Series: []Series{{Name: "flat", Points: []Point{{1, 3}, {2, 3}}}, {Name: "empty"}}}
	svg, err := c.SVG()
	if err != nil {
		t.Fatal(err)
	}
	p := parseSVG(t, svg)
	if p.series["flat"] != 2 || p.series["empty"] != 0 || len(p.order) != 2 {
		t.Fatalf("series %v", p.series)
	}
}

func TestTicks(t *testing.T) {
	tests := []struct {
		name string
		a    axis
		want []float64
	}{
		{"linear", linearAxis(0, 93), []float64{0, 20, 40, 60, 80, 100}},
		{"linear small", linearAxis(0, 0.7), []float64{0, 0.2, 0.4, 0.6, 0.8}},
		{"linear flat", linearAxis(3, 3), []float64{2, 2.5, 3, 3.5, 4}},
		{"log", logAxis(0.5, 8), []float64{0.5, 1, 2, 5}},
		{"log narrow", logAxis(1.1, 1.5), []float64{1.1, 1.5}},
	}
	for _, tt := range tests {
		if len(tt.a.ticks) != len(tt.want) {
			t.Errorf("%s: ticks %v, want %v", tt.name, tt.a.ticks, tt.want)
			continue
		}
		for i := range tt.want {
			if math.Abs(tt.a.ticks[i]-tt.want[i]) > 1e-9 {
				t.Errorf("%s: ticks %v, want %v", tt.name, tt.a.ticks, tt.want)
				break
			}
		}
	}
	a := logAxis(1, 100)
	a.plo, a.phi = 0, 200
	if got := a.pixel(10); math.Abs(got-100) > 1e-9 {
		t.Errorf("log pixel of 10 on [1,100] → [0,200] = %v, want 100", got)
	}
}
