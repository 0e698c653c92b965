package report

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"reflect"
	"testing"
	"time"

	"vigil/sim"
)

// TestSweepResumes cancels a sweep after two runs, then runs it again on
// the same run directory: the two finished runs are read back, not run
// again (a marker written into one shows through), and the rest are run.
func TestSweepResumes(t *testing.T) {
	srcs, readers, posts := tinyTrace(t)
	base := sim.Config{Train: 7 * 24 * time.Hour, Start: posts.Start, End: posts.End}
	dir := RunDir(filepath.Join(t.TempDir(), "runs"))
	opt := Options{Budgets: []float64{1, 2}, Policies: []string{"uniform", "combined"}, Jobs: 1, Runs: dir}
	want, err := Sweep(context.Background(), srcs, readers, base, Options{Budgets: opt.Budgets, Policies: opt.Policies, Jobs: 2})
	if err != nil {
		t.Fatal(err)
	}

	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	opt.Progress = func(done, _ int, _ string) {
		if done == 2 {
			cancel()
		}
	}
	if _, err := Sweep(ctx, srcs, readers, base, opt); !errors.Is(err, context.Canceled) {
		t.Fatalf("interrupted sweep: %v, want context.Canceled", err)
	}
	files, _ := filepath.Glob(filepath.Join(string(dir), "*.json"))
	// The run handed out as the cancel came may finish too.
	if len(files) < 2 || len(files) > 3 {
		t.Fatalf("the interrupted sweep kept %d runs, want the 2 (or 3) it finished: %v", len(files), files)
	}
	row, ok, err := dir.Load("uniform B=1")
	if err != nil || !ok || !reflect.DeepEqual(row, want[0]) {
		t.Fatalf("kept run %+v %v %v, want %+v", row, ok, err, want[0])
	}
	row.Fetches = -1 // a marker: a run read back, not run again
	if err := dir.Save("uniform B=1", row); err != nil {
		t.Fatal(err)
	}

	opt.Progress = nil
	got, err := Sweep(context.Background(), srcs, readers, base, opt)
	if err != nil {
		t.Fatal(err)
	}
	if got[0].Fetches != -1 {
		t.Fatalf("the finished run was run again: fetches %d", got[0].Fetches)
	}
	got[0].Fetches = want[0].Fetches
	if !reflect.DeepEqual(got, want) {
		t.Fatalf("resumed sweep\n%+v\nwant\n%+v", got, want)
	}
	if files, _ = filepath.Glob(filepath.Join(string(dir), "*.json")); len(files) != 4 {
		t.Fatalf("the resumed sweep kept %d runs, want 4", len(files))
	}
}

func TestRunDirDamaged(t *testing.T) {
	dir := RunDir(t.TempDir())
	if _, ok, err := dir.Load("uniform B=1"); ok || err != nil {
		t.Fatalf("a missing run: %v %v", ok, err)
	}
	if err := os.WriteFile(dir.path("uniform B=1"), []byte("{not json"), 0o644); err != nil {
		t.Fatal(err)
	}
	if _, _, err := dir.Load("uniform B=1"); err == nil {
		t.Fatal("a damaged run file was accepted")
	}
}
