package change

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/antchfx/htmlquery"
	"golang.org/x/net/html"
)

// paragraphs is a page of n paragraphs, each naming its number.
func paragraphs(n int) string {
	var b strings.Builder
	b.WriteString("<html><body>")
	for i := range n {
		b.WriteString("<p>paragraph ")
		b.WriteString(strings.Repeat("x", i%7))
		b.WriteString("</p>")
	}
	b.WriteString("</body></html>")
	return b.String()
}

// cubic moves through the page n³ times for n paragraphs.
const cubic = `count(//p[count(//p[count(//p) > 0]) > 0])`

// TestXPathStepBound: an expression whose work grows with the cube of the
// page stops at the step bound with an error naming it; an ordinary one
// on the same page, within the same budget, is evaluated.
func TestXPathStepBound(t *testing.T) {
	root, err := html.Parse(strings.NewReader(paragraphs(20000)))
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name, expr string
		want       string // the text of the one node found, or the error
		fails      bool
	}{
		{"cubic", cubic, `the XPath "count(//p[count(//p[count(//p) > 0]) > 0])" takes more than 1000000 steps through the page (the bound on an XPath's work)`, true},
		{"count", `count(//p)`, "20000", false},
		{"position", `string(//body/p[3])`, "paragraph xx", false},
		{"values", `count(//p[contains(., "xxxxxx")])`, "2857", false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			x, err := ExtractOptions{XPath: tt.expr}.compile()
			if err != nil {
				t.Fatal(err)
			}
			nodes, err := x.xpathWithin(root, &xpathBudget{ctx: context.Background(), max: 1_000_000, expr: tt.expr})
			if tt.fails {
				if err == nil || !strings.Contains(err.Error(), tt.want) {
					t.Fatalf("error = %v, want one containing %q", err, tt.want)
				}
				return
			}
			if err != nil || len(nodes) != 1 || nodes[0].FirstChild.Data != tt.want {
				t.Fatalf("%v (%v), want one node holding %q", nodes, err, tt.want)
			}
		})
	}
}

// TestXPathTimeBound: an evaluation whose deadline has passed stops at
// its next look at it, with an error naming the time bound.
func TestXPathTimeBound(t *testing.T) {
	root, err := html.Parse(strings.NewReader(paragraphs(2000)))
	if err != nil {
		t.Fatal(err)
	}
	x, err := ExtractOptions{XPath: cubic}.compile()
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel() // the deadline passed: no waiting on a clock
	_, err = x.xpathWithin(root, &xpathBudget{ctx: ctx, max: MaxXPathSteps, expr: cubic})
	if err == nil || !strings.Contains(err.Error(), "takes longer than 2s (the bound on an XPath's time)") {
		t.Fatalf("error = %v, want the time bound", err)
	}
}

// TestExtractXPathBounded: Extract, with its own bounds, ends the cubic
// expression on 20,000 paragraphs (which ran for minutes before the
// bounds) with an error naming a bound, and reads an ordinary one.
func TestExtractXPathBounded(t *testing.T) {
	page := paragraphs(20000)
	start := time.Now()
	_, err := Extract([]byte(page), "text/html", ExtractOptions{XPath: cubic})
	if err == nil || !strings.Contains(err.Error(), "(the bound on an XPath's") {
		t.Fatalf("error = %v, want one naming a bound", err)
	}
	t.Logf("stopped after %s: %v", time.Since(start), err)
	d, err := Extract([]byte(page), "text/html", ExtractOptions{XPath: `//body/p[3]`})
	if err != nil {
		t.Fatalf("an ordinary XPath failed: %v", err)
	}
	if d.Text != "paragraph xx\n" {
		t.Errorf("text %q, want the third paragraph", d.Text)
	}
}

// BenchmarkXPath evaluates expressions on 20,000 paragraphs through the
// bounded navigator and, for its cost, the library's own: an ordinary
// expression, and the cubic one until it reaches MaxXPathSteps.
func BenchmarkXPath(b *testing.B) {
	root, err := html.Parse(strings.NewReader(paragraphs(20000)))
	if err != nil {
		b.Fatal(err)
	}
	for _, bb := range []struct {
		name, expr string
		bounded    bool
	}{
		{"count/bounded", `count(//p[contains(., "xxx")])`, true},
		{"count/unbounded", `count(//p[contains(., "xxx")])`, false},
		{"cubic/to-the-bound", cubic, true},
	} {
		b.Run(bb.name, func(b *testing.B) {
			x, err := ExtractOptions{XPath: bb.expr}.compile()
			if err != nil {
				b.Fatal(err)
			}
			for b.Loop() {
				if bb.bounded {
					_, err = x.xpathNodes(root)
				} else {
					x.xpath.Evaluate(htmlquery.CreateXPathNavigator(root))
				}
			}
			if bb.expr == cubic && err == nil {
				b.Fatal("the cubic expression ended within the bounds")
			}
		})
	}
}
