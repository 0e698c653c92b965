package report

import (
	"fmt"

	"vigil/chart"
	"vigil/sim"
)

// DelayPlot is the file of the mean delay against the budget.
const DelayPlot = "delay.svg"

// MissesPlot is the file of the missed postings per access against the
// budget, drawn when readers were given.
const MissesPlot = "misses.svg"

// DivergencePlot is the file of the estimators' divergence errors per
// source shape, drawn when the sweep ran a shape policy.
const DivergencePlot = "divergence.svg"

// plots draws the report's SVG plots, by file name.
func plots(sum Summary, rows []Row) (map[string][]byte, error) {
	main, shaped := split(rows)
	charts := map[string]*chart.Chart{}
	if len(main) > 0 {
		charts[DelayPlot] = budgetChart("Mean delay of captured postings vs budget (Sia & Cho Fig. 13)", "mean delay", "min", main, sum.Policies,
			func(m sim.Metrics) float64 { return m.MeanDelayMin })
		if sum.Readers > 0 {
			charts[MissesPlot] = budgetChart("Missed postings per access vs budget (Sia et al. Fig. 10)", "missed postings per access", "postings", main, sum.Policies,
				func(m sim.Metrics) float64 { return m.MissesPerAccess })
		}
	}
	if len(shaped) > 0 {
		charts[DivergencePlot] = divergenceChart(sum.ShapePolicy, shaped)
	}
	out := map[string][]byte{}
	for name, c := range charts {
		svg, err := c.SVG()
		if err != nil {
			return nil, fmt.Errorf("report: drawing %s: %w", name, err)
		}
		out[name] = svg
	}
	return out, nil
}

// split separates the rows over all sources from the shape groups' rows.
func split(rows []Row) (main, shaped []Row) {
	for _, r := range rows {
		if r.Shape == "" {
			main = append(main, r)
		} else {
			shaped = append(shaped, r)
		}
	}
	return main, shaped
}

// budgetChart plots one metric against the budget, a series per policy;
// the clairvoyant bound is dashed.
func budgetChart(title, ylabel, unit string, rows []Row, policies []string, metric func(sim.Metrics) float64) *chart.Chart {
	c := &chart.Chart{Title: title, XLabel: "budget B", XUnit: "fetches per source per day", YLabel: ylabel, YUnit: unit, LogX: true}
	for _, p := range policies {
		s := chart.Series{Name: p, Dashed: p == sim.Clairvoyant}
		for _, r := range rows {
			if r.Policy == p {
				s.Points = append(s.Points, chart.Point{X: r.BudgetPerSource, Y: metric(r.Metrics)})
			}
		}
		c.Series = append(c.Series, s)
	}
	return c
}

// divergenceChart plots the EWMA and periodic estimators' RMS errors
// against the budget, a pair of series per shape.
func divergenceChart(policy string, rows []Row) *chart.Chart {
	c := &chart.Chart{
		Title:  fmt.Sprintf("Divergence RMS error per source shape, policy %s (Horincar et al. Fig. 10)", policy),
		XLabel: "budget B", XUnit: "fetches per source per day", YLabel: "divergence RMS error", YUnit: "postings", LogX: true,
	}
	for _, shape := range shapesOf(rows) {
		ewma := chart.Series{Name: "EWMA, " + shape}
		periodic := chart.Series{Name: "periodic, " + shape, Dashed: true}
		for _, r := range rows {
			if r.Shape == shape {
				ewma.Points = append(ewma.Points, chart.Point{X: r.BudgetPerSource, Y: r.DivergenceEWMA})
				periodic.Points = append(periodic.Points, chart.Point{X: r.BudgetPerSource, Y: r.DivergencePeriodic})
			}
		}
		c.Series = append(c.Series, ewma, periodic)
	}
	return c
}

// shapesOf lists the shapes of the rows in their first order.
func shapesOf(rows []Row) []string {
	var out []string
	seen := map[string]bool{}
	for _, r := range rows {
		if !seen[r.Shape] {
			seen[r.Shape] = true
			out = append(out, r.Shape)
		}
	}
	return out
}
