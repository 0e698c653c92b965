package sim

import (
	"fmt"
	"math"
	"reflect"
	"slices"
	"strings"
	"testing"
	"time"

	"vigil/policy"
)

func policyNames() []string {
	return append(append(policy.Names(), Oracles()...), Hybrids()...)
}

// TestBudgetNeverExceeded runs every policy at a tight budget and checks
// the token bucket's promise over every stretch of the run, training
// included: at most a burst (here a day's budget) plus what the stretch
// earns.
func TestBudgetNeverExceeded(t *testing.T) {
	srcs := withTerms(synthSources(11, 40, 6, 60), 11) // terms, for the content policies
	for _, name := range policyNames() {
		for _, perSource := range []float64{0.5, 3} {
			cfg := Config{Policy: name, PerSource: perSource, Train: 2 * 24 * time.Hour, PlanEvery: 6 * time.Hour, Seed: 3}
			m, tracks, err := run(cfg, srcs, nil)
			if err != nil {
				t.Fatal(err)
			}
			var all []int64
			for _, tr := range tracks {
				if len(tr.fetches) > 0 {
					all = append(all, tr.fetches[1:]...) // the first is free
				}
			}
			slices.Sort(all)
			perDay := perSource * 40
			if err := checkBucket(all, t0.Unix(), perDay, math.Floor(perDay)); err != nil {
				t.Errorf("%s at %v/source: %v", name, perSource, err)
			}
			if m.Fetches > int(perDay*5) {
				t.Errorf("%s: %d fetches measured over 4 days, with a day saved up", name, m.Fetches)
			}
		}
	}
}

// checkBucket checks sorted fetch times against a bucket of capacity
// fetches earning perDay a day, full at start: the k-th fetch comes no
// sooner than k tokens were there, and no stretch of time holds more
// than capacity fetches plus the tokens the stretch earns (a second of
// slack per stretch for the engine's whole-second times).
func checkBucket(all []int64, start int64, perDay, capacity float64) error {
	interval := 86400 / perDay
	for k, f := range all {
		if had := float64(f-start)/interval + capacity; float64(k+1) > had+1e-9 {
			return fmt.Errorf("fetch %d at +%ds: only %.2f tokens by then", k+1, f-start, had)
		}
		for j := k + int(capacity); j < len(all); j++ {
			if n, span := float64(j-k+1), float64(all[j]-f+1); n > capacity+span/interval+1e-9 {
				return fmt.Errorf("%.0f fetches within %.0fs: a burst of %v allows %.2f", n, span, capacity, capacity+span/interval)
			}
		}
	}
	return nil
}

// TestBudgetServesFirstDueFirst runs a policy that asks for far more than
// the budget (miniflux polls hourly) and checks that the budget shares the
// fetches out rather than starving some sources: under the calendar-day
// cap that came before, half the sources were never fetched again.
func TestBudgetServesFirstDueFirst(t *testing.T) {
	srcs := synthSources(17, 60, 6, 40)
	_, tracks, err := run(Config{Policy: "miniflux", PerSource: 0.5, Train: 24 * time.Hour, Seed: 5}, srcs, nil)
	if err != nil {
		t.Fatal(err)
	}
	for i, tr := range tracks {
		if n := len(tr.fetches); n < 2 {
			t.Fatalf("source %d fetched %d times in 6 days at 0.5 a day each", i, n)
		}
		for j := 1; j < len(tr.fetches); j++ {
			if gap := tr.fetches[j] - tr.fetches[j-1]; gap > 3*86400 {
				t.Fatalf("source %d waited %.1f days between fetches at 0.5 a day each", i, float64(gap)/86400)
			}
		}
	}
}

// TestTrainEvalSplit checks that training fetches teach but do not count,
// and that the online mode measures from the start.
func TestTrainEvalSplit(t *testing.T) {
	srcs := synthSources(13, 10, 6, 30)
	evalFrom := t0.Add(2 * 24 * time.Hour)
	published := 0
	for _, s := range srcs {
		for _, p := range s.Postings {
			if !p.Before(evalFrom) {
				published++
			}
		}
	}
	m, tracks, err := run(Config{Policy: "combined", PerSource: 2, Train: 2 * 24 * time.Hour}, srcs, nil)
	if err != nil {
		t.Fatal(err)
	}
	before, after := 0, 0
	for _, tr := range tracks {
		for _, f := range tr.fetches {
			if f < evalFrom.Unix() {
				before++
			} else {
				after++
			}
		}
	}
	if m.Postings != published || m.Fetches != after || before == 0 {
		t.Fatalf("postings %d (want %d), fetches %d (want %d), %d training fetches", m.Postings, published, m.Fetches, after, before)
	}
	online, err := Run(Config{Policy: "combined", PerSource: 2, Online: true}, srcs, nil)
	if err != nil {
		t.Fatal(err)
	}
	if online.Fetches != before+after && online.Postings <= m.Postings {
		t.Fatalf("online run measured %d postings and %d fetches", online.Postings, online.Fetches)
	}
}

// TestDeterministic runs the same configuration twice.
func TestDeterministic(t *testing.T) {
	srcs := synthSources(17, 30, 5, 50)
	rs := synthReaders(19, srcs, 8, 5)
	for _, name := range []string{"user", "ewma", "combined", Clairvoyant} {
		cfg := Config{Policy: name, PerSource: 2, Train: 2 * 24 * time.Hour, Seed: 9}
		a, err := Run(cfg, srcs, rs)
		if err != nil {
			t.Fatal(err)
		}
		b, err := Run(cfg, srcs, rs)
		if err != nil {
			t.Fatal(err)
		}
		if !reflect.DeepEqual(a, b) {
			t.Fatalf("%s: two runs differ:\n%+v\n%+v", name, a, b)
		}
		if a.Accesses == 0 || a.Postings == 0 {
			t.Fatalf("%s: nothing measured: %+v", name, a)
		}
	}
}

// TestEngineLosesWithSmallWindow checks that a fast source with a window of
// 2 fetched a few times a day loses postings, and that losses plus captures
// plus pending add up.
func TestEngineLosesWithSmallWindow(t *testing.T) {
	srcs := synthSources(23, 5, 4, 200)
	for i := range srcs {
		srcs[i].Window = 2
	}
	m, err := Run(Config{Policy: "uniform", PerSource: 1, Online: true}, srcs, nil)
	if err != nil {
		t.Fatal(err)
	}
	if m.Lost == 0 || m.Lost+m.Captured+m.Pending != m.Postings || m.Completeness >= 1 {
		t.Fatalf("got %+v", m)
	}
}

func TestRunRejectsBadInput(t *testing.T) {
	good := []Source{{ID: "a", Postings: []time.Time{t0, t0.Add(time.Hour)}}}
	cases := []struct {
		name string
		cfg  Config
		srcs []Source
		rs   []Reader
		want string
	}{
		{"no sources", Config{Policy: "uniform", PerDay: 1}, nil, nil, "no sources"},
		{"unsorted", Config{Policy: "uniform", PerDay: 1}, []Source{{ID: "a", Postings: []time.Time{t0.Add(time.Hour), t0}}}, nil, "not sorted"},
		{"duplicate", Config{Policy: "uniform", PerDay: 1}, []Source{{ID: "a"}, {ID: "a"}}, nil, "twice"},
		{"no budget", Config{Policy: "uniform"}, good, nil, "budget"},
		{"unknown policy", Config{Policy: "nope", PerDay: 1, Online: true}, good, nil, "unknown policy"},
		{"unknown follow", Config{Policy: "uniform", PerDay: 1}, good, []Reader{{Follows: []string{"b"}}}, "unknown source"},
		{"look unfollowed", Config{Policy: "uniform", PerDay: 1}, good, []Reader{{Looks: []Look{{"a", t0}}}}, "do not follow"},
		{"looks unsorted", Config{Policy: "uniform", PerDay: 1}, good, []Reader{{Follows: []string{"a"}, Looks: []Look{{"a", t0.Add(time.Hour)}, {"a", t0}}}}, "looks of reader 0"},
		{"training too long", Config{Policy: "uniform", PerDay: 1}, good, nil, "nothing of the period"},
		{"profile terms", Config{Policy: "uniform", PerDay: 1, Train: time.Minute, ProfileTerms: -2}, good, nil, "term caps"},
		{"profile df terms", Config{Policy: "uniform", PerDay: 1, Train: time.Minute, ProfileDFTerms: -5}, good, nil, "term caps"},
	}
	for _, c := range cases {
		_, err := Run(c.cfg, c.srcs, c.rs)
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: error %v, want one mentioning %q", c.name, err, c.want)
		}
	}
}
