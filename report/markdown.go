package report

import (
	"bytes"
	"cmp"
	"fmt"
	"slices"
	"strings"

	"vigil/sim"
)

// markdown writes report.md: the command, the inputs, a table per budget,
// the plots and the divergence table.
func markdown(b *bytes.Buffer, sum Summary, rows []Row, plots map[string][]byte) {
	main, shaped := split(rows)
	b.WriteString("# vigil simulation report\n\nMade by:\n\n```\n" + sum.Command + "\n```\n\n")
	inputs(b, sum)
	papers(b, sum, main)
	for _, budget := range sum.Budgets {
		budgetTable(b, budget, main, sum.Readers > 0)
	}
	b.WriteString("Delays are in minutes, weighted by readers when given (Sia & Cho Def. 1); lost postings were pushed out of a feed's window before any fetch; completeness is captured / published; misses per access follow Sia et al. §3.1; freshness and age are time averages per source (Cho & Garcia-Molina). Policies are ranked by penalised delay: the mean over captured and lost postings, each lost posting charged the delay until the fetch that found it gone (the end of the run if none did); the mean delay beside it counts captured postings only. Spent is the share of the evaluated period's budget fetched; \"(under)\" flags a run below 97%, not comparable at equal fetches. The last four columns divide the penalised delay by uniform's, by the two information-limited oracles' (the accrued rule knowing each source's true mean rate and daily shape, or its true intensity in every hour, but no posting time) and by the clairvoyant bound's, all at the same budget. The clairvoyant bound ignores the window (no posting lost), which keeps it a lower bound; \"(vacuous)\" marks a budget that covers every posting.\n\n")
	b.WriteString("## Plots\n\n")
	for _, name := range []string{DelayPlot, MissesPlot, DivergencePlot} {
		if _, ok := plots[name]; ok {
			fmt.Fprintf(b, "![%s](%s)\n\n", strings.TrimSuffix(name, ".svg"), name)
		}
	}
	if len(shaped) > 0 {
		divergenceTable(b, sum.ShapePolicy, shaped)
	}
}

// inputs writes the trace summary and how the sweep ran.
func inputs(b *bytes.Buffer, sum Summary) {
	days := sum.End.Sub(sum.Start).Hours() / 24
	b.WriteString("## Inputs\n\n")
	fmt.Fprintf(b, "- Posting trace `%s`: %d sources, %d postings, %s to %s (%.0f days).\n", sum.Trace, sum.Sources, sum.Postings, sum.Start.Format("2006-01-02 15:04"), sum.End.Format("2006-01-02 15:04"), days)
	if sum.Users != "" {
		fmt.Fprintf(b, "- Reader trace `%s`: %d readers, %d accesses, replayed onto the period keeping weekday and time of day.\n", sum.Users, sum.Readers, sum.Accesses)
	} else {
		b.WriteString("- No reader trace: every source weighs 1 and no misses are measured.\n")
	}
	fmt.Fprintf(b, "- Mode: %s.\n", sum.Mode)
	fmt.Fprintf(b, "- Budgets B (mean fetches per source per day): %s; policies: %s.\n", floats(sum.Budgets), strings.Join(sum.Policies, ", "))
	if sum.Elapsed > 0 {
		fmt.Fprintf(b, "- Wall time of the sweep: %s.\n", sum.Elapsed.Round(1e9))
	}
	for _, n := range sum.Notes {
		fmt.Fprintf(b, "- %s\n", n)
	}
	b.WriteString("\n")
}

// papers sets the trace's traits and the gains measured at B = 1 beside
// what the seed papers report, so that a difference can be traced to the
// data.
func papers(b *bytes.Buffer, sum Summary, rows []Row) {
	t := sum.Traits
	b.WriteString("## Against the papers\n\n")
	tableRow(b, []string{"", "this trace", "the papers' data"})
	tableRow(b, []string{"---", "---", "---"})
	tableRow(b, []string{"postings from the busiest 17% of sources", pct(t.TopShare), "97% (Horincar et al. §5)"})
	tableRow(b, []string{"sources posting over 10 a day", pct(t.Over10PerDay), "about 20% (Horincar et al. Fig. 4)"})
	tableRow(b, []string{"90th-percentile rate / median rate", fmt.Sprintf("%.1f", t.RateP90OverMedian), "a power law, x^−0.78 (Sia & Cho)"})
	tableRow(b, []string{"postings in a source's busiest 4 hours (flat: 17%)", pct(t.PeakShare), "strong daily peaks (Sia & Cho Fig. 12)"})
	var at []Row
	for _, r := range rows {
		if r.BudgetPerSource == 1 {
			at = append(at, r)
		}
	}
	if u := meanDelayOf(at, "uniform"); u > 0 {
		tableRow(b, []string{"combined mean delay / uniform, B = 1", ratio(meanDelayOf(at, "combined"), u), "0.61 (Sia & Cho Table 1)"})
		tableRow(b, []string{"place / uniform, B = 1", ratio(meanDelayOf(at, "place"), u), "timing alone"})
		tableRow(b, []string{"alloc / uniform, B = 1", ratio(meanDelayOf(at, "alloc"), u), "allocation alone"})
	}
	if sum.Readers > 0 {
		if u := missesOf(at, "uniform"); u > 0 {
			tableRow(b, []string{"user misses per access / uniform, B = 1", ratio(missesOf(at, "user"), u), "about 0.6 (Sia et al. Fig. 10)"})
		}
	}
	b.WriteString("\nThe square-root allocation gains in proportion to how unequal the rates are, and placement in proportion to how peaked the days are (Sia & Cho §4.2-4.3); a trace flatter than the papers' leaves less to gain.\n\n")
}

// missesOf returns the named policy's misses per access among rows, or 0.
func missesOf(rows []Row, policy string) float64 {
	for _, r := range rows {
		if r.Policy == policy {
			return r.MissesPerAccess
		}
	}
	return 0
}

// pct formats a share as a whole percentage.
func pct(x float64) string { return fmt.Sprintf("%.0f%%", 100*x) }

// budgetTable writes the table of every policy at one budget, ranked by
// penalised delay, the oracles and the clairvoyant bound as rows below.
func budgetTable(b *bytes.Buffer, budget float64, rows []Row, misses bool) {
	var at, refs []Row
	for _, r := range rows {
		switch {
		case r.BudgetPerSource != budget:
		case r.Policy == sim.Clairvoyant || slices.Contains(sim.Oracles(), r.Policy):
			refs = append(refs, r)
		default:
			at = append(at, r)
		}
	}
	if len(at)+len(refs) == 0 {
		return
	}
	slices.SortStableFunc(at, func(x, y Row) int { return cmp.Compare(x.PenalisedDelayMin, y.PenalisedDelayMin) })
	fmt.Fprintf(b, "## B = %g fetches per source per day (%.0f per day)\n\n", budget, append(at, refs...)[0].Budget)
	head := []string{"policy", "fetches", "spent", "penalised delay", "mean delay", "completeness", "lost", "p95 delay", "max delay"}
	if misses {
		head = append(head, "misses/access")
	}
	head = append(head, "freshness", "age", "× uniform", "× oracle-shape", "× oracle-hourly", "× clairvoyant")
	tableRow(b, head)
	tableRow(b, strings.Split(strings.Repeat("---,", len(head)-1)+"---", ","))
	all := append(at, refs...)
	var refDelays []float64
	for _, name := range []string{"uniform", sim.OracleShape, sim.OracleHourly, sim.Clairvoyant} {
		refDelays = append(refDelays, penalisedOf(all, name))
	}
	for _, r := range all {
		m := r.Metrics
		spent := fmt.Sprintf("%.1f%%", 100*m.Spent)
		if m.Underspent && m.Policy != sim.Clairvoyant {
			spent += " (under)"
		}
		name := m.Policy
		if m.BoundVacuous {
			name += " (vacuous)"
		}
		cells := []string{name, fmt.Sprint(m.Fetches), spent, fmt.Sprintf("%.1f", m.PenalisedDelayMin), fmt.Sprintf("%.1f", m.MeanDelayMin), fmt.Sprintf("%.4f", m.Completeness), fmt.Sprint(m.Lost), fmt.Sprintf("%.1f", m.P95DelayMin), fmt.Sprintf("%.1f", m.MaxDelayMin)}
		if misses {
			cells = append(cells, fmt.Sprintf("%.3f", m.MissesPerAccess))
		}
		cells = append(cells, fmt.Sprintf("%.3f", m.Freshness), fmt.Sprintf("%.1f", m.AgeMin))
		for _, ref := range refDelays {
			cells = append(cells, ratio(m.PenalisedDelayMin, ref))
		}
		tableRow(b, cells)
	}
	b.WriteString("\n")
	if s := verdict(at); s != "" {
		b.WriteString(s + "\n\n")
	}
}

// verdict says, in a sentence, which policy has the lowest penalised delay
// among those that spent their budget and by how much it leads the best
// of the others.
func verdict(ranked []Row) string {
	var ok []Row
	for _, r := range ranked {
		if !r.Underspent {
			ok = append(ok, r)
		}
	}
	if len(ok) < 2 {
		return ""
	}
	lead := 1 - ok[0].PenalisedDelayMin/ok[1].PenalisedDelayMin
	return fmt.Sprintf("Lowest penalised delay among the policies that spent their budget: **%s** (%.1f min), %.1f%% below the next, %s (%.1f min).", ok[0].Policy, ok[0].PenalisedDelayMin, 100*lead, ok[1].Policy, ok[1].PenalisedDelayMin)
}

// penalisedOf returns the named policy's penalised delay among rows, or 0.
func penalisedOf(rows []Row, policy string) float64 {
	for _, r := range rows {
		if r.Policy == policy {
			return r.PenalisedDelayMin
		}
	}
	return 0
}

// divergenceTable writes the estimators' errors per shape and budget.
func divergenceTable(b *bytes.Buffer, policy string, rows []Row) {
	fmt.Fprintf(b, "## Divergence per source shape (policy %s)\n\n", policy)
	b.WriteString("Sources are classed by the shape estimate.Diagnose finds in their hourly posting counts over the whole trace (Horincar et al. §5); each group is run alone at each budget. The RMS errors are of the EWMA and daily periodic estimators' predictions of the postings new since the last fetch (Horincar et al. Eq. 2). The clairvoyant bound estimates nothing, so this plot has no clairvoyant curve.\n\n")
	tableRow(b, []string{"shape", "sources", "B", "EWMA RMS", "periodic RMS", "mean delay"})
	tableRow(b, []string{"---", "---", "---", "---", "---", "---"})
	for _, r := range rows {
		tableRow(b, []string{r.Shape, fmt.Sprint(r.Sources), fmt.Sprintf("%g", r.BudgetPerSource), fmt.Sprintf("%.3f", r.DivergenceEWMA), fmt.Sprintf("%.3f", r.DivergencePeriodic), fmt.Sprintf("%.1f", r.MeanDelayMin)})
	}
	b.WriteString("\n")
}

// meanDelayOf returns the named policy's mean delay among rows, or 0.
func meanDelayOf(rows []Row, policy string) float64 {
	for _, r := range rows {
		if r.Policy == policy {
			return r.MeanDelayMin
		}
	}
	return 0
}

// ratio formats a / b, or a dash when b is not positive.
func ratio(a, b float64) string {
	if !(b > 0) {
		return "–"
	}
	return fmt.Sprintf("%.2f", a/b)
}

// tableRow writes one Markdown table row.
func tableRow(b *bytes.Buffer, cells []string) {
	b.WriteString("| " + strings.Join(cells, " | ") + " |\n")
}

// floats joins numbers compactly.
func floats(v []float64) string {
	s := make([]string, len(v))
	for i, x := range v {
		s[i] = fmt.Sprintf("%g", x)
	}
	return strings.Join(s, ", ")
}
