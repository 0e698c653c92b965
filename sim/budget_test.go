package sim

import (
	"fmt"
	"testing"
	"time"
)

// TestMeasuredFetchesKeepToTheBudget runs every policy on sources that
// are quiet while the models train and busy afterwards, so that a rule
// which fetches by what it has seen saves up its budget while training.
// What it saved is not spent in the measured period: every policy's
// measured fetches stay within that period's budget, one fetch over at
// most. Before, miniflux spent the day it had saved on top.
func TestMeasuredFetchesKeepToTheBudget(t *testing.T) {
	const n, train, days = 20, 7, 21
	srcs := make([]Source, n)
	for i := range srcs {
		posts := []time.Time{t0.Add(time.Duration(i) * time.Minute)}
		for h := train * 24; h < days*24; h++ {
			posts = append(posts, t0.Add(time.Duration(h)*time.Hour+time.Duration(7*i+5)*time.Minute))
		}
		srcs[i] = Source{ID: fmt.Sprintf("s%02d", i), Postings: posts}
	}
	srcs = withTerms(srcs, 11) // for the content policies
	for _, name := range policyNames() {
		for _, perSource := range []float64{1, 4} {
			cfg := Config{Policy: name, PerSource: perSource, Train: train * 24 * time.Hour, PlanEvery: 6 * time.Hour, NoQuality: true, Seed: 3}
			m, _, err := run(cfg, srcs, nil)
			if err != nil {
				t.Fatal(err)
			}
			allowed := float64(m.Fetches) / m.Spent // the measured period's budget
			if m.Fetches == 0 || float64(m.Fetches) > allowed+1 {
				t.Errorf("%s at %v a source: %d fetches measured, the budget allows %.0f", name, perSource, m.Fetches, allowed)
			}
		}
	}
}

// TestBudgetKeepsItsBurstWhereMeasured asks the bucket, day after day, for
// a whole day's budget at 08:00: spending at its rate in one burst, the
// policy is never held back, before the measured period or in it. (A
// bucket emptied where the measured period begins held every such burst
// back by up to 23 hours from then on.)
func TestBudgetKeepsItsBurstWhereMeasured(t *testing.T) {
	const perDay, days, measuredDay = 24, 10, 5
	start := t0.Unix()
	b := newBudget(perDay, 1, start, start+measuredDay*86400, start+days*86400)
	for d := int64(0); d < days; d++ {
		at := start + d*86400 + 8*3600
		for k := range perDay {
			if got := b.admit(at); got != at {
				t.Fatalf("day %d, fetch %d: held back to +%ds", d, k, got-at)
			}
		}
	}
	if want := int64((days - measuredDay) * perDay); b.spent != want {
		t.Errorf("%d fetches counted in the measured period, want %d", b.spent, want)
	}
}

// TestBudgetQuotaHoldsASaving lets a policy save a day's budget while
// training and then ask for twice its rate: it spends the saving first,
// and the measured period's quota holds it to that period's budget, the
// fetches over it sent to the end of the run.
func TestBudgetQuotaHoldsASaving(t *testing.T) {
	const perDay = 24
	start := t0.Unix()
	measured, end := start+2*86400, start+6*86400
	b := newBudget(perDay, 1, start, measured, end)
	admitted := 0
	for at := measured; at < end; at += 1800 { // 48 a day
		if b.admit(at) < end {
			admitted++
		}
	}
	if want := perDay * 4; admitted != want {
		t.Errorf("%d fetches admitted in 4 measured days, want the quota %d", admitted, want)
	}
	if b.held == 0 || b.held > 4*48-admitted {
		t.Errorf("%d fetches held to the end of %d refused", b.held, 4*48-admitted)
	}
}
