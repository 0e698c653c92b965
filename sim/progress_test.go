package sim

import (
	"reflect"
	"testing"
	"time"
)

// TestProgressReportsAndChangesNothing runs a policy with and without a
// progress callback: the metrics are the same, and the callback sees the
// simulated period pass from its start, in order, up to its end.
func TestProgressReportsAndChangesNothing(t *testing.T) {
	srcs := synthSources(17, 30, 5, 50)
	cfg := Config{Policy: "combined", PerSource: 2, Train: 2 * 24 * time.Hour, Seed: 9}
	want, err := Run(cfg, srcs, nil)
	if err != nil {
		t.Fatal(err)
	}
	var done []time.Duration
	var total time.Duration
	cfg.Progress = func(d, tot time.Duration) { done, total = append(done, d), tot }
	got, err := Run(cfg, srcs, nil)
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(got, want) {
		t.Fatalf("progress changed the run:\n%+v\n%+v", got, want)
	}
	if len(done) < 2 || done[0] != 0 || total <= 0 || done[len(done)-1] >= total || total-done[len(done)-1] > DefaultPlanEvery {
		t.Fatalf("progress %v of %v: want 0 first and the last within a planning period of the end", done, total)
	}
	for i := 1; i < len(done); i++ {
		if done[i] <= done[i-1] {
			t.Fatalf("progress went back: %v", done)
		}
	}
}
