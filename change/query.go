package change

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"strconv"
	"strings"
	"time"

	"github.com/andybalholm/cascadia"
	"github.com/antchfx/htmlquery"
	"github.com/antchfx/xpath"
	"github.com/itchyny/gojq"
	"golang.org/x/net/html"
)

// The bounds of a jq program's run over one document: a program that
// yields more results, or runs longer, is an error rather than a stall
// of the monitor (`[repeat(1)]` never ends).
const (
	MaxJQResults = 10000
	JQTimeout    = 2 * time.Second
)

// compileQueries compiles the XPath expression and the jq program of o.
func (x *extractor) compileQueries(o ExtractOptions) error {
	if o.XPath != "" {
		e, err := xpath.Compile(o.XPath)
		if err != nil {
			return fmt.Errorf("change: invalid XPath %q: %v", o.XPath, err)
		}
		x.xpath, x.xpText = e, o.XPath
	}
	if o.JQ != "" {
		code, err := compileJQ(o.JQ)
		if err != nil {
			return err
		}
		x.jq, x.jqText = code, o.JQ
	}
	return nil
}

// compileJQ parses and compiles a jq program.
func compileJQ(program string) (*gojq.Code, error) {
	q, err := gojq.Parse(program)
	if err != nil {
		return nil, fmt.Errorf("change: invalid jq program %q: %v", program, err)
	}
	code, err := gojq.Compile(q)
	if err != nil {
		return nil, fmt.Errorf("change: invalid jq program %q: %v", program, err)
	}
	return code, nil
}

// identity is the jq program `.`, which a JSON document without a
// program of its own is read with: the whole document, indented.
var identity, _ = compileJQ(".")

// regions returns the outermost nodes the selector and the XPath
// expression select in root: the selector's first, then the expression's.
// An expression whose value is not a node set yields it as a text node.
func (x *extractor) regions(root *html.Node) (nodes []*html.Node, err error) {
	if x.selector != nil {
		nodes = append(nodes, cascadia.QueryAll(root, x.selector)...)
	}
	if x.xpath != nil {
		found, err := x.xpathNodes(root)
		if err != nil {
			return nil, err
		}
		nodes = append(nodes, found...)
	}
	return outermost(nodes), nil
}

// xpathNodes evaluates the XPath expression on root within its bounds
// (MaxXPathSteps, XPathTimeout).
func (x *extractor) xpathNodes(root *html.Node) ([]*html.Node, error) {
	ctx, cancel := context.WithTimeout(context.Background(), XPathTimeout)
	defer cancel()
	return x.xpathWithin(root, &xpathBudget{ctx: ctx, max: MaxXPathSteps, expr: x.xpText})
}

// xpathWithin evaluates the XPath expression on root, spending budget.
// An evaluation past a bound panics and is reported as its error; so is
// a panic of the xpath library, which has a few on expressions it
// compiled (a function given the wrong kind of argument).
func (x *extractor) xpathWithin(root *html.Node, budget *xpathBudget) (nodes []*html.Node, err error) {
	defer func() {
		if r := recover(); r != nil {
			if stop, ok := r.(xpathStop); ok {
				nodes, err = nil, stop.err
				return
			}
			nodes, err = nil, fmt.Errorf("change: the XPath %q cannot be evaluated: %v", x.xpText, r)
		}
	}()
	nav := &boundedNavigator{NodeNavigator: htmlquery.CreateXPathNavigator(root), budget: budget}
	switch v := x.xpath.Evaluate(nav).(type) {
	case *xpath.NodeIterator:
		for v.MoveNext() {
			nodes = append(nodes, nodeOf(v.Current()))
		}
		return nodes, nil
	case float64:
		return []*html.Node{valueNode(strconv.FormatFloat(v, 'f', -1, 64))}, nil
	case string:
		return []*html.Node{valueNode(v)}, nil
	case bool:
		return []*html.Node{valueNode(strconv.FormatBool(v))}, nil
	}
	return nil, nil
}

// nodeOf returns the HTML node a navigator stands on; for an attribute,
// an element named for it holding its value (as htmlquery gives it).
func nodeOf(nav xpath.NodeNavigator) *html.Node {
	hn := unbounded(nav).(*htmlquery.NodeNavigator)
	if hn.NodeType() == xpath.AttributeNode {
		return valueElement(hn.LocalName(), hn.Value())
	}
	return hn.Current()
}

// valueNode is a detached paragraph holding text.
func valueNode(text string) *html.Node {
	return valueElement("p", text)
}

// valueElement is a detached element named name holding text.
func valueElement(name, text string) *html.Node {
	e := &html.Node{Type: html.ElementNode, Data: name}
	e.AppendChild(&html.Node{Type: html.TextNode, Data: text})
	return e
}

// isJSON reports whether a media type is JSON (application/json or a
// +json type such as application/ld+json).
func isJSON(mediaType string) bool {
	return mediaType == "application/json" || strings.HasSuffix(mediaType, "+json")
}

// json extracts a JSON document into d: the results of the jq program
// (`.` when none), one line each; a string result as it is, anything
// else as compact JSON, except `.`'s, which is indented so that a
// change shows on its own line.
func (x *extractor) json(d *Document, body []byte) error {
	var v any
	dec := json.NewDecoder(bytes.NewReader(body))
	if err := dec.Decode(&v); err != nil {
		return fmt.Errorf("change: the document is not JSON: %v", err)
	}
	code, indent := x.jq, ""
	if code == nil {
		code, indent = identity, "  "
	}
	lines, err := runJQ(code, v, indent)
	if err != nil {
		return err
	}
	w := newWalker(x, len(body))
	for i, l := range lines {
		w.text(l, "jq:"+strconv.Itoa(i))
	}
	w.finish(d)
	return nil
}

// runJQ runs a compiled program over v and returns its results as lines.
func runJQ(code *gojq.Code, v any, indent string) ([]string, error) {
	ctx, cancel := context.WithTimeout(context.Background(), JQTimeout)
	defer cancel()
	iter := code.RunWithContext(ctx, v)
	var lines []string
	for n := 0; ; n++ {
		r, ok := iter.Next()
		if !ok {
			return lines, nil
		}
		if err, ok := r.(error); ok {
			return nil, fmt.Errorf("change: the jq program failed: %v", err)
		}
		if n == MaxJQResults {
			return nil, fmt.Errorf("change: the jq program yields more than %d results", MaxJQResults)
		}
		lines = append(lines, resultLines(r, indent)...)
	}
}

// resultLines writes one jq result as lines of text.
func resultLines(r any, indent string) []string {
	if s, ok := r.(string); ok {
		return strings.Split(s, "\n")
	}
	marshal := json.Marshal
	if indent != "" {
		marshal = func(v any) ([]byte, error) { return json.MarshalIndent(v, "", indent) }
	}
	b, err := marshal(r)
	if err != nil { // gojq yields only what JSON can hold; say what it was
		return []string{fmt.Sprint(r)}
	}
	return strings.Split(string(b), "\n")
}

// CheckSelector reports what is wrong with the CSS selector of the
// elements a page watches ("" when unset), as Extract would refuse it.
func CheckSelector(selector string) error {
	if selector == "" {
		return nil
	}
	_, err := parseSelector(selector)
	return err
}

// parseSelector parses the CSS selector of the elements a page watches.
func parseSelector(selector string) (cascadia.SelectorGroup, error) {
	sel, err := cascadia.ParseGroup(selector)
	if err != nil {
		return nil, fmt.Errorf("change: invalid CSS selector %q: %v", selector, err)
	}
	return sel, nil
}

// CheckReading reports what is wrong with a page's reading settings: a
// CSS selector to wait for, an XPath expression and a jq program, each
// "" when unset.
func CheckReading(waitFor, xpathExpr, jq string) error {
	if waitFor != "" {
		if _, err := cascadia.ParseGroup(waitFor); err != nil {
			return fmt.Errorf("change: invalid CSS selector to wait for %q: %v", waitFor, err)
		}
	}
	x := &extractor{}
	return x.compileQueries(ExtractOptions{XPath: xpathExpr, JQ: jq})
}
