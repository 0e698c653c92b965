package report

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"slices"

	"vigil/chart"
)

// The profile report's plot files.
const (
	BetaPlot    = "profile-beta.svg"    // Roitman et al. Figs. 5-6
	BudgetPlot  = "profile-budget.svg"  // Fig. 9
	WindowPlot  = "profile-window.svg"  // Fig. 10
	ContentPlot = "profile-content.svg" // Fig. 11
	RefinePlot  = "profile-refine.svg"  // Fig. 12
)

// WriteProfiles writes the profile report of a sweep into dir: profiles.md,
// profiles.json and the plots.
func WriteProfiles(dir string, sum Summary, opt ProfileOptions, rows []ProfileRow) error {
	opt = opt.resolve()
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return fmt.Errorf("report: unable to create %s: %w", dir, err)
	}
	js, err := json.MarshalIndent(struct {
		Summary
		ElapsedSeconds float64      `json:"elapsed_s,omitempty"`
		Rows           []ProfileRow `json:"rows"`
	}{sum, sum.Elapsed.Seconds(), rows}, "", "  ")
	if err != nil {
		return fmt.Errorf("report: unable to encode the results: %w", err)
	}
	files := map[string][]byte{"profiles.json": append(js, '\n')}
	for name, c := range profileCharts(opt, rows) {
		svg, err := c.SVG()
		if err != nil {
			return fmt.Errorf("report: drawing %s: %w", name, err)
		}
		files[name] = svg
	}
	var md bytes.Buffer
	profileMarkdown(&md, sum, opt, rows)
	files["profiles.md"] = md.Bytes()
	for name, b := range files {
		if err := os.WriteFile(filepath.Join(dir, name), b, 0o644); err != nil {
			return fmt.Errorf("report: unable to write %s: %w", name, err)
		}
	}
	return nil
}

// find returns the row of a setting, or false.
func find(rows []ProfileRow, s setting) (ProfileRow, bool) {
	s = s.normal()
	for _, r := range rows {
		if r.Policy == s.policy && r.BudgetPerSource == s.budget && r.Beta == s.beta && r.Window == s.window && r.Refine == s.refine && r.OwnRule == s.ownRule {
			return r, true
		}
	}
	return ProfileRow{}, false
}

// singlePair returns the content-free and content-based single-channel
// rows at β and k.
func singlePair(rows []ProfileRow, opt ProfileOptions, beta float64, k int) (free, content ProfileRow, ok bool) {
	free, ok1 := find(rows, setting{policy: "learned", budget: opt.FreeBudget, window: k, ownRule: true})
	content, ok2 := find(rows, setting{policy: "content", budget: opt.FreeBudget, beta: beta, window: k, ownRule: true})
	return free, content, ok1 && ok2
}

// lossCutoff is Roitman et al. §5.4's quality loss 1 − Q_content/Q_free and
// probe cutoff K_free/K_content − 1, over the measured period.
func lossCutoff(free, content ProfileRow) (loss, cutoff float64) {
	if free.ProfileQuality > 0 {
		loss = 1 - content.ProfileQuality/free.ProfileQuality
	}
	if content.Fetches > 0 {
		cutoff = float64(free.Fetches)/float64(content.Fetches) - 1
	}
	return loss, cutoff
}

func profileMarkdown(b *bytes.Buffer, sum Summary, opt ProfileOptions, rows []ProfileRow) {
	b.WriteString("# vigil profile report\n\nMade by:\n\n```\n" + sum.Command + "\n```\n\n")
	inputs(b, sum)
	b.WriteString("Profile quality Q is Roitman et al. Eq. 4: per channel, the time average (sampled daily) of the cosine between the tf-idf profile of the last k postings the policy captured and that of the last k postings published, both under the dynamic idf of everything published; then the mean over channels. Terms are title stems and lexical affinities (package text).\n\n")
	b.WriteString("## Novelty filter, one channel at a time (Roitman et al. §5.4, Figs. 5-6)\n\n")
	fmt.Fprintf(b, "Each source is probed at T_prev + 1/λ (own rule, budget %g a day per source so that it does not bind), λ learned by Eq. 5 from all postings (content-free) or from the novel ones only (content). k = 20.\n\n", opt.FreeBudget)
	tableRow(b, []string{"β", "Q content-free", "Q content", "probes content-free", "probes content", "novel postings", "quality loss", "probe cutoff"})
	tableRow(b, []string{"---", "---", "---", "---", "---", "---", "---", "---"})
	for _, beta := range opt.Betas {
		if free, content, ok := singlePair(rows, opt, beta, 20); ok {
			loss, cut := lossCutoff(free, content)
			tableRow(b, []string{fmt.Sprintf("%g", beta), fmt.Sprintf("%.3f", free.ProfileQuality), fmt.Sprintf("%.3f", content.ProfileQuality),
				fmt.Sprint(free.Fetches), fmt.Sprint(content.Fetches), fmt.Sprint(content.Novel), pct(loss), pct(cut)})
		}
	}
	b.WriteString("\nRoitman et al. report, at β = 0.1, about 5% quality loss for a 50% probe cutoff (a third fewer probes), and at least 95% of the optimal quality for β ≥ 0.1.\n\n")
	b.WriteString("## Profile window, one channel at a time (Fig. 7), β = 0.1\n\n")
	tableRow(b, []string{"k", "Q content-free", "Q content", "quality loss", "probe cutoff"})
	tableRow(b, []string{"---", "---", "---", "---", "---"})
	for _, k := range opt.Windows {
		if free, content, ok := singlePair(rows, opt, 0.1, int(k)); ok {
			loss, cut := lossCutoff(free, content)
			tableRow(b, []string{fmt.Sprintf("%g", k), fmt.Sprintf("%.3f", free.ProfileQuality), fmt.Sprintf("%.3f", content.ProfileQuality), pct(loss), pct(cut)})
		}
	}
	b.WriteString("\n")
	selTable(b, "## The four selecting policies against the budget (Fig. 9), β = 0, k = 20", "B", opt.Budgets, rows, func(p string, x float64) setting {
		return setting{policy: p, budget: x, window: 20}
	})
	selTable(b, "## Against the profile window (Fig. 10), B = 1, β = 0", "k", opt.Windows, rows, func(p string, x float64) setting {
		return setting{policy: p, budget: 1, window: int(x)}
	})
	selTable(b, "## Content-based policies against β (Fig. 11), B = 1, k = 20", "β", opt.Betas, rows, func(p string, x float64) setting {
		return setting{policy: p, budget: 1, beta: x, window: 20}
	})
	b.WriteString("Roitman et al. found both content-based policies at or above the content-free ones at every budget and window, content-based greedy best at β ≤ 0 and fair more robust as β grows.\n\n")
	b.WriteString("## Refinement by profile similarity (Fig. 12), content-fair, k = 20\n\n")
	tableRow(b, []string{"β", "B", "Q", "Q refined", "gain"})
	tableRow(b, []string{"---", "---", "---", "---", "---"})
	for _, beta := range []float64{0, 0.2} {
		for _, bud := range opt.Budgets {
			plain, ok1 := find(rows, setting{policy: "content-fair", budget: bud, beta: beta, window: 20})
			ref, ok2 := find(rows, setting{policy: "content-fair", budget: bud, beta: beta, window: 20, refine: true})
			if ok1 && ok2 && plain.ProfileQuality > 0 {
				tableRow(b, []string{fmt.Sprintf("%g", beta), fmt.Sprintf("%g", bud), fmt.Sprintf("%.3f", plain.ProfileQuality), fmt.Sprintf("%.3f", ref.ProfileQuality), pct(ref.ProfileQuality/plain.ProfileQuality - 1)})
			}
		}
	}
	b.WriteString("\nRoitman et al. report up to 15% better quality with refinement, more with mild filtering (β = 0.2).\n\n## Plots\n\n")
	for _, name := range []string{BetaPlot, BudgetPlot, WindowPlot, ContentPlot, RefinePlot} {
		fmt.Fprintf(b, "![%s](%s)\n\n", name, name)
	}
}

// selTable writes Q and probes of the given policies over one swept value.
func selTable(b *bytes.Buffer, title, xname string, xs []float64, rows []ProfileRow, at func(p string, x float64) setting) {
	b.WriteString(title + "\n\n")
	head := []string{xname}
	for _, p := range selectingPolicies {
		head = append(head, "Q "+p)
	}
	head = append(head, "probes")
	tableRow(b, head)
	tableRow(b, slices.Repeat([]string{"---"}, len(head)))
	for _, x := range xs {
		cells := []string{fmt.Sprintf("%g", x)}
		probes := 0
		found := false
		for _, p := range selectingPolicies {
			if r, ok := find(rows, at(p, x)); ok {
				cells = append(cells, fmt.Sprintf("%.3f", r.ProfileQuality))
				probes, found = r.Fetches, true
			} else {
				cells = append(cells, "–")
			}
		}
		if found {
			tableRow(b, append(cells, fmt.Sprint(probes)))
		}
	}
	b.WriteString("\n")
}

// profileCharts draws the profile report's plots.
func profileCharts(opt ProfileOptions, rows []ProfileRow) map[string]*chart.Chart {
	beta := &chart.Chart{Title: "Novelty filter: quality loss and probe cutoff vs β (Roitman et al. Figs. 5-6)", XLabel: "β", YLabel: "share", YUnit: "%"}
	loss, cut := chart.Series{Name: "quality loss"}, chart.Series{Name: "probe cutoff", Dashed: true}
	for _, x := range opt.Betas {
		if free, content, ok := singlePair(rows, opt, x, 20); ok {
			l, c := lossCutoff(free, content)
			loss.Points = append(loss.Points, chart.Point{X: x, Y: 100 * l})
			cut.Points = append(cut.Points, chart.Point{X: x, Y: 100 * c})
		}
	}
	beta.Series = []chart.Series{loss, cut}
	sel := func(title, xlabel string, xs []float64, logX bool, policies []string, at func(p string, x float64) setting) *chart.Chart {
		c := &chart.Chart{Title: title, XLabel: xlabel, YLabel: "profile quality Q", LogX: logX}
		for _, p := range policies {
			s := chart.Series{Name: p, Dashed: p == "learned-greedy" || p == "learned-fair"}
			for _, x := range xs {
				if r, ok := find(rows, at(p, x)); ok {
					s.Points = append(s.Points, chart.Point{X: x, Y: r.ProfileQuality})
				}
			}
			c.Series = append(c.Series, s)
		}
		return c
	}
	refine := &chart.Chart{Title: "content-fair with and without refinement (Roitman et al. Fig. 12)", XLabel: "budget B", XUnit: "fetches per source per day", YLabel: "profile quality Q", LogX: true}
	for _, b := range []float64{0, 0.2} {
		for _, r := range []bool{false, true} {
			s := chart.Series{Name: fmt.Sprintf("β = %g", b), Dashed: !r}
			if r {
				s.Name += ", refined"
			}
			for _, x := range opt.Budgets {
				if row, ok := find(rows, setting{policy: "content-fair", budget: x, beta: b, window: 20, refine: r}); ok {
					s.Points = append(s.Points, chart.Point{X: x, Y: row.ProfileQuality})
				}
			}
			refine.Series = append(refine.Series, s)
		}
	}
	return map[string]*chart.Chart{
		BetaPlot: beta,
		BudgetPlot: sel("Profile quality vs budget (Roitman et al. Fig. 9), β = 0", "budget B", opt.Budgets, true, selectingPolicies,
			func(p string, x float64) setting { return setting{policy: p, budget: x, window: 20} }),
		WindowPlot: sel("Profile quality vs profile window (Fig. 10), B = 1, β = 0", "k", opt.Windows, false, selectingPolicies,
			func(p string, x float64) setting { return setting{policy: p, budget: 1, window: int(x)} }),
		ContentPlot: sel("Content-based policies vs β (Fig. 11), B = 1", "β", opt.Betas, false, selectingPolicies[2:],
			func(p string, x float64) setting { return setting{policy: p, budget: 1, beta: x, window: 20} }),
		RefinePlot: refine,
	}
}
