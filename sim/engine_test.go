package sim

import (
	"reflect"
	"strings"
	"testing"
	"time"

	"vigil/policy"
)

func policyNames() []string {
	return policy.Names()
}

// TestBudgetNeverExceeded runs every policy at a tight budget and counts
// the fetches of every day of the run, training included.
func TestBudgetNeverExceeded(t *testing.T) {
	srcs := synthSources(11, 40, 6, 60)
	for _, name := range policyNames() {
		for _, perSource := range []float64{0.5, 3} {
			cfg := Config{Policy: name, PerSource: perSource, Train: 2 * 24 * time.Hour, PlanEvery: 6 * time.Hour, Seed: 3}
			m, tracks, err := run(cfg, srcs, nil)
			if err != nil {
				t.Fatal(err)
			}
			perDay := map[int64]int64{}
			for _, tr := range tracks {
				for _, f := range tr.fetches {
					perDay[(f-t0.Unix())/86400]++
				}
			}
			for d, n := range perDay {
				if limit := dayCap(perSource*40, d); n > limit {
					t.Errorf("%s at %v/source: day %d made %d fetches, cap %d", name, perSource, d, n, limit)
				}
			}
			if m.Fetches > int(perSource*40*4) {
				t.Errorf("%s: %d fetches measured over 4 days", name, m.Fetches)
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
		{"training too long", Config{Policy: "uniform", PerDay: 1}, good, nil, "nothing of the period"},
	}
	for _, c := range cases {
		_, err := Run(c.cfg, c.srcs, c.rs)
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: error %v, want one mentioning %q", c.name, err, c.want)
		}
	}
}
