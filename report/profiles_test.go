package report

import (
	"context"
	"encoding/json"
	"fmt"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"vigil/sim"
	"vigil/text"
	"vigil/trace"
)

// titledTrace is a generated trace whose postings carry their titles'
// terms.
func titledTrace(t *testing.T) ([]sim.Source, *trace.Postings) {
	t.Helper()
	posts, _ := trace.Generate(trace.GenConfig{Sources: 24, Days: 18, Seed: 9})
	a, err := text.NewAnalyzer(text.Config{})
	if err != nil {
		t.Fatal(err)
	}
	srcs := make([]sim.Source, len(posts.Sources))
	for i, s := range posts.Sources {
		srcs[i] = sim.Source{ID: s.ID, Window: s.Window}
		for _, p := range s.Postings {
			srcs[i].Postings = append(srcs[i].Postings, p.Time)
			srcs[i].Terms = append(srcs[i].Terms, a.Terms(nil, p.Title))
		}
	}
	return srcs, posts
}

func TestProfileReport(t *testing.T) {
	srcs, posts := titledTrace(t)
	opt := ProfileOptions{Betas: []float64{-1, 0, 1}, Windows: []float64{10, 20}, Budgets: []float64{0.5, 1}, Jobs: 2}
	base := sim.Config{Train: 7 * 24 * time.Hour, Start: posts.Start, End: posts.End}
	rows, err := ProfileSweep(context.Background(), srcs, base, opt)
	if err != nil {
		t.Fatal(err)
	}
	if want := len(opt.resolve().settings()); len(rows) != want {
		t.Fatalf("%d rows for %d settings", len(rows), want)
	}
	for _, r := range rows {
		if !(r.ProfileQuality > 0 && r.ProfileQuality <= 1) {
			t.Fatalf("%s β=%v k=%d B=%v: quality %v", r.Policy, r.Beta, r.Window, r.BudgetPerSource, r.ProfileQuality)
		}
	}
	free, strict, ok := singlePair(rows, opt.resolve(), -1, 20)
	if !ok || strict.Fetches >= free.Fetches {
		t.Fatalf("β = −1 probed %d times against %d content-free (found %v)", strict.Fetches, free.Fetches, ok)
	}
	dir := filepath.Join(t.TempDir(), "p")
	sum := Summary{Command: "vigil sim report --profiles --trace t.tsv --out p", Trace: "t.tsv", Sources: len(srcs), Start: posts.Start, End: posts.End, Mode: "trained 7 days"}
	if err := WriteProfiles(dir, sum, opt, rows); err != nil {
		t.Fatal(err)
	}
	md := readFile(t, dir, "profiles.md")
	loss, cut := lossCutoff(free, strict)
	for _, want := range []string{sum.Command, "| -1 | " + strings.Join([]string{f3(free.ProfileQuality), f3(strict.ProfileQuality)}, " | "), pct(loss) + " | " + pct(cut) + " |", "## Refinement", BudgetPlot} {
		if !strings.Contains(md, want) {
			t.Errorf("profiles.md lacks %q", want)
		}
	}
	var res struct{ Rows []map[string]any }
	if err := json.Unmarshal([]byte(readFile(t, dir, "profiles.json")), &res); err != nil || len(res.Rows) != len(rows) {
		t.Fatalf("profiles.json: %v, %d rows", err, len(res.Rows))
	}
	for _, name := range []string{BetaPlot, BudgetPlot, WindowPlot, ContentPlot, RefinePlot} {
		if svg := readFile(t, dir, name); !strings.HasPrefix(svg, "<svg") {
			t.Errorf("%s is not an SVG", name)
		}
	}
	if _, err := ProfileSweep(context.Background(), srcs[:0], base, opt); err == nil {
		t.Error("a sweep without terms ran")
	}
}

func f3(x float64) string { return fmt.Sprintf("%.3f", x) }
