// Package report runs every refresh policy of the simulator over a range of
// fetch budgets and writes its evaluation report: report.md with
// a table per budget, results.json with every metric, and SVG plots of the
// delay and missed postings against the budget (with the clairvoyant
// bound) and of the estimators' divergence error per source shape.
//
// Runs are independent and go in parallel; their results are placed by
// their position in the sweep, so the output does not depend on the order
// in which they finish.
package report
