package sim

import (
	"fmt"
	"math"
	"math/rand/v2"
	"testing"
	"time"
)

// withTerms gives every posting six words drawn from its source's current
// topic, a set of 12 words out of a shared pool of 400; a source changes
// topic after a geometric number of postings (mean 25), so profiles drift
// and novelty varies.
func withTerms(srcs []Source, seed uint64) []Source {
	r := rand.New(rand.NewPCG(seed, 77))
	topic := func() []string {
		out := make([]string, 12)
		for i := range out {
			out[i] = fmt.Sprintf("w%03d", r.IntN(400))
		}
		return out
	}
	out := make([]Source, len(srcs))
	for i, s := range srcs {
		s.Terms = make([][]string, len(s.Postings))
		words := topic()
		for j := range s.Postings {
			if r.Float64() < 1.0/25 {
				words = topic()
			}
			for range 6 {
				s.Terms[j] = append(s.Terms[j], words[r.IntN(len(words))])
			}
		}
		out[i] = s
	}
	return out
}

func TestQualityGrowsWithBudget(t *testing.T) {
	srcs := withTerms(synthSources(21, 30, 12, 40), 1)
	prev := 0.0
	for _, b := range []float64{0.25, 1, 4, 24} {
		m, err := Run(Config{Policy: "uniform", PerSource: b, Train: 2 * 24 * time.Hour}, srcs, nil)
		if err != nil {
			t.Fatal(err)
		}
		if m.ProfileQuality <= prev || m.ProfileQuality > 1 {
			t.Fatalf("B = %v: quality %v after %v at a smaller budget", b, m.ProfileQuality, prev)
		}
		prev = m.ProfileQuality
	}
	if prev < 0.9 {
		t.Fatalf("hourly fetching keeps profiles at quality %v, want above 0.9", prev)
	}
	m, err := Run(Config{Policy: "uniform", PerSource: 1, NoQuality: true, Train: 2 * 24 * time.Hour}, srcs, nil)
	if err != nil || m.ProfileQuality != 0 {
		t.Fatalf("NoQuality measured %v (%v)", m.ProfileQuality, err)
	}
}

// TestContentEqualsContentFreeWhenAllIsNovel: with a huge β every posting
// passes the novelty filter, the novel-rate learner learns what the plain
// one does, and the content-based policies choose exactly as their
// content-free twins.
func TestContentEqualsContentFreeWhenAllIsNovel(t *testing.T) {
	srcs := withTerms(synthSources(23, 25, 10, 30), 2)
	for _, pair := range [][2]string{{"learned-greedy", "content-greedy"}, {"learned-fair", "content-fair"}, {"learned", "content"}} {
		var got [2]Metrics
		for k, name := range pair {
			m, err := Run(Config{Policy: name, PerSource: 1, Beta: 1e9, Seed: 4, Train: 2 * 24 * time.Hour}, srcs, nil)
			if err != nil {
				t.Fatal(err)
			}
			got[k] = m
		}
		if got[0].Fetches != got[1].Fetches || got[0].TotalDelayMin != got[1].TotalDelayMin || got[0].ProfileQuality != got[1].ProfileQuality {
			t.Errorf("%s and %s differ with β = 1e9: %+v against %+v", pair[0], pair[1], got[0], got[1])
		}
		if got[1].Novel == 0 && pair[1] != "content" {
			t.Errorf("%s judged no posting novel", pair[1])
		}
	}
}

// TestNoveltyFilterCutsProbes runs Roitman et al.'s single-channel rule
// (a probe at T_prev + 1/λ) on all postings and on the novel ones: a
// strict filter learns lower rates and so probes less (their Fig. 6).
func TestNoveltyFilterCutsProbes(t *testing.T) {
	srcs := withTerms(synthSources(29, 25, 12, 30), 3)
	run := func(name string, beta float64) Metrics {
		cfg := Config{Policy: name, PerSource: 100, Beta: beta, Seed: 4, Train: 2 * 24 * time.Hour}
		cfg.PolicyConfig.OwnRule = true
		m, err := Run(cfg, srcs, nil)
		if err != nil {
			t.Fatal(err)
		}
		return m
	}
	free, strict, loose := run("learned", 0), run("content", -1), run("content", 1)
	t.Logf("probes free %d loose %d strict %d; novel %d %d; Q %.3f %.3f %.3f", free.Fetches, loose.Fetches, strict.Fetches, loose.Novel, strict.Novel, free.ProfileQuality, loose.ProfileQuality, strict.ProfileQuality)
	if !(strict.Fetches < loose.Fetches && loose.Fetches <= free.Fetches) {
		t.Fatalf("probes: content-free %d, β = 1: %d, β = −1: %d; want fewer as β falls", free.Fetches, loose.Fetches, strict.Fetches)
	}
	if !(strict.Novel < loose.Novel) {
		t.Fatalf("novel postings: β = −1: %d, β = 1: %d", strict.Novel, loose.Novel)
	}
	if math.IsNaN(strict.ProfileQuality) || strict.ProfileQuality <= 0 {
		t.Fatalf("quality %v", strict.ProfileQuality)
	}
}

func TestRefinementChangesTheSelection(t *testing.T) {
	srcs := withTerms(synthSources(31, 30, 10, 30), 4)
	var fetches [2]int
	var delays [2]float64
	for k, refine := range []bool{false, true} {
		// β = 0.5: enough novel postings that the sources' rates differ
		// (at β = 0 nearly all sit at the learner's floor, and refining
		// equal rates changes nothing).
		m, err := Run(Config{Policy: "content-fair", PerSource: 1, Refine: refine, Seed: 6, Train: 2 * 24 * time.Hour, Beta: 0.5}, srcs, nil)
		if err != nil {
			t.Fatal(err)
		}
		fetches[k], delays[k] = m.Fetches, m.TotalDelayMin
	}
	if delays[0] == delays[1] {
		t.Fatalf("refinement changed nothing: %d fetches, total delay %v both ways", fetches[0], delays[0])
	}
}

func TestContentPoliciesNeedTerms(t *testing.T) {
	srcs := synthSources(33, 5, 4, 10)
	for _, cfg := range []Config{{Policy: "content-fair", PerSource: 1}, {Policy: "learned-fair", PerSource: 1, Refine: true}, {Policy: "content", PerSource: 1, Refine: true}} {
		if _, err := Run(cfg, srcs, nil); err == nil {
			t.Errorf("%s (refine %v) ran without terms", cfg.Policy, cfg.Refine)
		}
	}
	bad := withTerms(synthSources(33, 2, 4, 10), 5)
	bad[1].Terms = bad[1].Terms[1:]
	if _, err := Run(Config{Policy: "uniform", PerSource: 1}, bad, nil); err == nil {
		t.Error("a source with terms for fewer postings than it has was accepted")
	}
}
