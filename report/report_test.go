package report

import (
	"bytes"
	"context"
	"encoding/json"
	"encoding/xml"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
	"time"

	"vigil/sim"
	"vigil/trace"
)

// tinyTrace generates 30 sources over 21 days and two readers who read
// every source.
func tinyTrace(t *testing.T) ([]sim.Source, []sim.Reader, *trace.Postings) {
	t.Helper()
	posts, acc := trace.Generate(trace.GenConfig{Sources: 30, Days: 21, Seed: 7, Users: 2, NoTitles: true})
	srcs := make([]sim.Source, len(posts.Sources))
	ids := make([]string, len(posts.Sources))
	for i, s := range posts.Sources {
		srcs[i] = sim.Source{ID: s.ID, Window: s.Window}
		for _, p := range s.Postings {
			srcs[i].Postings = append(srcs[i].Postings, p.Time)
		}
		ids[i] = s.ID
	}
	var readers []sim.Reader
	for _, u := range acc.Users {
		r := sim.Reader{ID: u.ID, Weight: 1, Follows: ids}
		for _, a := range u.Accesses {
			r.Accesses = append(r.Accesses, a.Time)
		}
		readers = append(readers, r)
	}
	return srcs, readers, posts
}

func TestSweepDeterministicAndOrdered(t *testing.T) {
	srcs, readers, posts := tinyTrace(t)
	base := sim.Config{Train: 7 * 24 * time.Hour, Start: posts.Start, End: posts.End}
	opt := Options{Budgets: []float64{1, 2}, Policies: []string{"uniform", "combined", sim.Clairvoyant}, Jobs: 3}
	var calls []int
	opt.Progress = func(done, total int, _ string) { calls = append(calls, done*100+total) }
	a, err := Sweep(context.Background(), srcs, readers, base, opt)
	if err != nil {
		t.Fatal(err)
	}
	opt.Jobs, opt.Progress = 1, nil
	b, err := Sweep(context.Background(), srcs, readers, base, opt)
	if err != nil {
		t.Fatal(err)
	}
	if len(a) != 6 || len(calls) != 6 || calls[5] != 606 {
		t.Fatalf("%d rows, progress calls %v", len(a), calls)
	}
	for i := range a {
		if !reflect.DeepEqual(a[i], b[i]) {
			t.Fatalf("row %d differs between 3 jobs and 1: %+v vs %+v", i, a[i], b[i])
		}
	}
	want := []string{"uniform", "combined", "clairvoyant", "uniform", "combined", "clairvoyant"}
	for i, r := range a {
		if r.Policy != want[i] || r.BudgetPerSource != float64(1+i/3) {
			t.Errorf("row %d is %s at B=%g", i, r.Policy, r.BudgetPerSource)
		}
	}
	if a[2].TotalDelayMin > a[0].TotalDelayMin {
		t.Errorf("clairvoyant total delay %v above uniform's %v", a[2].TotalDelayMin, a[0].TotalDelayMin)
	}
}

func TestSweepErrors(t *testing.T) {
	srcs, _, _ := tinyTrace(t)
	tests := []struct {
		name string
		opt  Options
		want string
	}{
		{"unknown policy", Options{Policies: []string{"nope"}}, `unknown policy "nope"`},
		{"bad budget", Options{Budgets: []float64{1, 0}}, "budget 0 is not positive"},
		{"no budgets", Options{Budgets: []float64{}}, "no budget"},
		{"unknown shape policy", Options{Policies: []string{"uniform"}, ShapePolicy: "x"}, `unknown policy "x"`},
	}
	for _, tt := range tests {
		_, err := Sweep(context.Background(), srcs, nil, sim.Config{}, tt.opt)
		if err == nil || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("%s: error %v, want %q", tt.name, err, tt.want)
		}
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := Sweep(ctx, srcs, nil, sim.Config{}, Options{Policies: []string{"uniform"}, Budgets: []float64{1}}); err == nil {
		t.Error("a cancelled sweep succeeded")
	}
}

func TestShapeGroups(t *testing.T) {
	srcs, _, posts := tinyTrace(t)
	groups, err := ShapeGroups(srcs, posts.Start, posts.End)
	if err != nil {
		t.Fatal(err)
	}
	n := 0
	for _, g := range groups {
		n += len(g.Sources)
	}
	if n != len(srcs) || len(groups) < 2 {
		t.Fatalf("%d groups holding %d of %d sources", len(groups), n, len(srcs))
	}
	day := posts.Start
	if _, err := ShapeGroups(srcs[:1], day, day.Add(24*time.Hour)); err == nil {
		t.Error("one day was enough to class shapes")
	}
}

func TestWriteReport(t *testing.T) {
	srcs, readers, posts := tinyTrace(t)
	budgets, policies := []float64{1, 2}, DelayPolicies()
	base := sim.Config{Train: 7 * 24 * time.Hour, Start: posts.Start, End: posts.End}
	rows, err := Sweep(context.Background(), srcs, readers, base, Options{Budgets: budgets, Policies: policies, ShapePolicy: "uniform", Jobs: 2})
	if err != nil {
		t.Fatal(err)
	}
	sum := Summary{Command: "vigil sim report --trace t.tsv --out d", Trace: "t.tsv", Users: "u.tsv", Sources: len(srcs), Postings: posts.Count(),
		Readers: len(readers), Accesses: 1, Start: posts.Start, End: posts.End, Mode: "trained 7 days", Budgets: budgets, Policies: policies, ShapePolicy: "uniform",
		Traits: TraitsOf(srcs, posts.Start, posts.End)}
	dir := filepath.Join(t.TempDir(), "out")
	if err := Write(dir, sum, rows); err != nil {
		t.Fatal(err)
	}
	md := readFile(t, dir, "report.md")
	for _, p := range policies {
		if got := strings.Count(md, "\n| "+p+" | "); got != len(budgets) {
			t.Errorf("report.md has %d table rows for %s, want %d", got, p, len(budgets))
		}
	}
	at1 := map[string]Row{}
	for _, r := range rows {
		if r.BudgetPerSource == 1 && r.Shape == "" {
			at1[r.Policy] = r
		}
	}
	combined := fmt.Sprintf("| combined mean delay / uniform, B = 1 | %.2f |", at1["combined"].MeanDelayMin/at1["uniform"].MeanDelayMin)
	top := fmt.Sprintf("| postings from the busiest 17%% of sources | %.0f%% |", 100*sum.Traits.TopShare)
	for _, s := range []string{sum.Command, "## B = 1 ", "## B = 2 ", "misses/access", "delay.svg", "divergence.svg", combined, top, "user misses per access / uniform"} {
		if !strings.Contains(md, s) {
			t.Errorf("report.md lacks %q", s)
		}
	}
	var res struct{ Rows []map[string]any }
	if err := json.Unmarshal([]byte(readFile(t, dir, "results.json")), &res); err != nil || len(res.Rows) != len(rows) {
		t.Fatalf("results.json: %v, %d rows of %d", err, len(res.Rows), len(rows))
	}
	wantSeries := map[string]int{DelayPlot: len(policies), MissesPlot: len(policies), DivergencePlot: 2 * len(shapesOf(rows[len(policies)*len(budgets):]))}
	for name, want := range wantSeries {
		if got := countPaths(t, []byte(readFile(t, dir, name))); got != want {
			t.Errorf("%s has %d series paths, want %d", name, got, want)
		}
	}
}

func readFile(t *testing.T, dir, name string) string {
	t.Helper()
	b, err := os.ReadFile(filepath.Join(dir, name))
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// countPaths parses an SVG as XML and counts the paths of its series.
func countPaths(t *testing.T, svg []byte) int {
	t.Helper()
	dec := xml.NewDecoder(bytes.NewReader(svg))
	n := 0
	for {
		tok, err := dec.Token()
		if err == io.EOF {
			return n
		}
		if err != nil {
			t.Fatalf("not XML: %v", err)
		}
		if el, ok := tok.(xml.StartElement); ok && el.Name.Local == "path" {
			n++
		}
	}
}

func BenchmarkSweep(b *testing.B) {
	posts, _ := trace.Generate(trace.GenConfig{Sources: 30, Days: 21, Seed: 7, NoTitles: true})
	srcs := make([]sim.Source, len(posts.Sources))
	for i, s := range posts.Sources {
		srcs[i] = sim.Source{ID: s.ID, Window: s.Window}
		for _, p := range s.Postings {
			srcs[i].Postings = append(srcs[i].Postings, p.Time)
		}
	}
	opt := Options{Budgets: []float64{1, 2}, Policies: []string{"uniform", "combined", sim.Clairvoyant}, ShapePolicy: "uniform", Jobs: 2}
	for b.Loop() {
		if _, err := Sweep(context.Background(), srcs, nil, sim.Config{}, opt); err != nil {
			b.Fatal(err)
		}
	}
}
