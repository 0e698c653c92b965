package change

import (
	"context"
	"fmt"
	"time"

	"github.com/antchfx/xpath"
)

// The bounds of an XPath expression's evaluation over one document, as
// a jq program's are bounded: an expression that moves through the
// document more often, or runs longer, is an error rather than a stall of
// the monitor (`count(//p[count(//p[count(//p) > 0]) > 0])` on a page of
// 20,000 paragraphs takes 8·10¹² steps). A step is one move of the
// evaluator from node to node, or the reading of 64 bytes of a node's
// text; ordinary expressions take a few steps per node of the page
// (`count(//p)` on 20,000 paragraphs: 100,000), 20 million take about a
// second. The xpath library evaluates some positional predicates in
// steps of the square of the siblings (`//p[last()]`: 400 million on
// 20,000 paragraphs); a path from the parent (`//body/p[last()]`) is
// cheaper.
const (
	MaxXPathSteps = 20_000_000
	XPathTimeout  = 2 * time.Second
)

// xpathStop is what a boundedNavigator panics with when the evaluation
// passes a bound; xpathNodes recovers it into its error.
type xpathStop struct{ err error }

// xpathBudget is what is left of an evaluation's bounds, shared by every
// copy of its navigator.
type xpathBudget struct {
	ctx   context.Context
	steps int
	max   int
	expr  string
}

// checkEvery is how many steps pass between two looks at the deadline.
const checkEvery = 4096

// spend counts n steps and stops the evaluation past either bound.
func (b *xpathBudget) spend(n int) {
	before := b.steps
	b.steps += n
	if b.steps > b.max {
		panic(xpathStop{fmt.Errorf("change: the XPath %q takes more than %d steps through the page (the bound on an XPath's work); simplify it", b.expr, b.max)})
	}
	if before/checkEvery != b.steps/checkEvery && b.ctx.Err() != nil {
		panic(xpathStop{fmt.Errorf("change: the XPath %q takes longer than %s (the bound on an XPath's time); simplify it", b.expr, XPathTimeout)})
	}
}

// boundedNavigator is a navigator that spends its budget at every move
// and every value read.
type boundedNavigator struct {
	xpath.NodeNavigator
	budget *xpathBudget
}

// Value spends a step per 64 bytes of the value (an element's value is
// all its text) and returns it.
func (n *boundedNavigator) Value() string {
	v := n.NodeNavigator.Value()
	n.budget.spend(1 + len(v)/64)
	return v
}

// Copy returns a bounded copy sharing the budget.
func (n *boundedNavigator) Copy() xpath.NodeNavigator {
	n.budget.spend(1)
	return &boundedNavigator{NodeNavigator: n.NodeNavigator.Copy(), budget: n.budget}
}

// MoveToRoot spends a step and moves to the root.
func (n *boundedNavigator) MoveToRoot() {
	n.budget.spend(1)
	n.NodeNavigator.MoveToRoot()
}

// MoveToParent spends a step and moves to the parent.
func (n *boundedNavigator) MoveToParent() bool {
	n.budget.spend(1)
	return n.NodeNavigator.MoveToParent()
}

// MoveToNextAttribute spends a step and moves to the next attribute.
func (n *boundedNavigator) MoveToNextAttribute() bool {
	n.budget.spend(1)
	return n.NodeNavigator.MoveToNextAttribute()
}

// MoveToChild spends a step and moves to the first child.
func (n *boundedNavigator) MoveToChild() bool {
	n.budget.spend(1)
	return n.NodeNavigator.MoveToChild()
}

// MoveToFirst spends a step and moves to the first sibling.
func (n *boundedNavigator) MoveToFirst() bool {
	n.budget.spend(1)
	return n.NodeNavigator.MoveToFirst()
}

// MoveToNext spends a step and moves to the next sibling.
func (n *boundedNavigator) MoveToNext() bool {
	n.budget.spend(1)
	return n.NodeNavigator.MoveToNext()
}

// MoveToPrevious spends a step and moves to the previous sibling.
func (n *boundedNavigator) MoveToPrevious() bool {
	n.budget.spend(1)
	return n.NodeNavigator.MoveToPrevious()
}

// MoveTo spends a step and moves to other's node; other is unwrapped,
// as the navigator inside compares navigators of its own type.
func (n *boundedNavigator) MoveTo(other xpath.NodeNavigator) bool {
	n.budget.spend(1)
	if o, ok := other.(*boundedNavigator); ok {
		other = o.NodeNavigator
	}
	return n.NodeNavigator.MoveTo(other)
}

// unbounded returns the navigator inside a bounded one.
func unbounded(nav xpath.NodeNavigator) xpath.NodeNavigator {
	if b, ok := nav.(*boundedNavigator); ok {
		return b.NodeNavigator
	}
	return nav
}
