package sim

import (
	"slices"
	"strings"
	"testing"
	"time"

	"vigil/notify"
	"vigil/plan"
)

// TestSenderPaceIsLive keeps the latency model's sender pace that of the
// live sender's defaults.
func TestSenderPaceIsLive(t *testing.T) {
	if SenderEvery != notify.DefaultEvery || SenderGap != notify.DefaultGap {
		t.Errorf("model: a pass every %v, a channel every %v; live sender: %v and %v",
			SenderEvery, SenderGap, notify.DefaultEvery, notify.DefaultGap)
	}
}

// TestLatencyQuantilesOnHandTrace checks the quantiles on a trace small
// enough to work out by hand (period [0, 1000), passes every 2 s from 0).
// Pulled source: postings at 10, 20, 100, fetches at 50, 130, so delivered
// at 50, 50, 130: 40 s, 30 s, 30 s. Pushed source, hub 5 s: postings at 7,
// 300 queued at 12, 305, delivered at the passes 12, 306: 5 s, 6 s. All:
// 5, 6, 30, 30, 40 s, nearest-rank p50 the 3rd (30 s), p99 the 5th (40 s);
// pulled: 30, 30, 40 s, p50 the 2nd (30 s), p99 the 3rd (40 s).
func TestLatencyQuantilesOnHandTrace(t *testing.T) {
	p := period{base: 0, from: 0, to: 1000}
	tracks := []track{
		{posts: []int64{10, 20, 100}, window: 15, fetches: []int64{50, 130}},
		{posts: []int64{7, 300}, window: 15, fetches: []int64{0, 600}, pushed: true, hub: 5},
	}
	var m Metrics
	latency(&m, tracks, p)
	for _, c := range []struct {
		name      string
		got, want float64
	}{
		{"p50", m.LatencyP50Min, 30.0 / 60},
		{"p99", m.LatencyP99Min, 40.0 / 60},
		{"pulled p50", m.PulledP50Min, 30.0 / 60},
		{"pulled p99", m.PulledP99Min, 40.0 / 60},
		{"pushed sources", float64(m.PushedSources), 1},
		{"pulled arrived", float64(m.PulledArrived), 3},
	} {
		if c.got != c.want {
			t.Errorf("%s = %v, want %v", c.name, c.got, c.want)
		}
	}
}

// TestDeliver checks the sender model: a message waits for the next pass,
// and one queued at or before the channel's last claim goes with it.
func TestDeliver(t *testing.T) {
	for _, c := range []struct {
		name          string
		queued, wants []int64
	}{
		{"on a pass", []int64{4}, []int64{4}},
		{"between passes", []int64{5}, []int64{6}},
		{"before the start", []int64{-3}, []int64{0}},
		{"a burst goes at one claim", []int64{11, 12, 12}, []int64{12, 12, 12}},
		{"after a claim, the next pass", []int64{11, 12, 13}, []int64{12, 12, 14}},
	} {
		t.Run(c.name, func(t *testing.T) {
			all := make([]arrival, len(c.queued))
			for i, q := range c.queued {
				all[i].queued = q
			}
			deliver(all, 0)
			for i, a := range all {
				if a.queued != c.wants[i] {
					t.Errorf("message %d queued at %d delivered at %d, want %d", i, c.queued[i], a.queued, c.wants[i])
				}
			}
		})
	}
}

// TestPushedBudgetGoesToOthers runs each policy with half the sources
// pushed and checks that the pulled sources get the budget the pushed
// ones no longer use: their fetches grow well beyond what they had with
// nothing pushed (at B fetches per source and day, up to 2 − 4/B times as
// many: 1.75 at B = 16, each pushed source keeping at most 4 verification
// polls a day), and the pushed sources get only their verification polls:
// at most one per plan.DefaultPushVerify, and no more than the source had
// unfed (plan.Verification: at least the interval its policy gave it).
func TestPushedBudgetGoesToOthers(t *testing.T) {
	srcs := synthSources(21, 40, 8, 40)
	for _, name := range []string{"uniform", "accrued", "ewma", "combined", "learned-greedy"} {
		t.Run(name, func(t *testing.T) {
			base := Config{Policy: name, PerSource: 16, Train: 2 * 24 * time.Hour, PlanEvery: 24 * time.Hour, Seed: 5}
			pushed := base
			pushed.PushShare, pushed.HubDelay = 0.5, time.Minute
			_, alone, err := run(base, srcs, nil)
			if err != nil {
				t.Fatal(err)
			}
			_, shared, err := run(pushed, srcs, nil)
			if err != nil {
				t.Fatal(err)
			}
			var before, after, verify int
			for i := range shared {
				if shared[i].pushed {
					verify = max(verify, len(shared[i].fetches))
					if n, unfed := len(shared[i].fetches), len(alone[i].fetches); float64(n) > 1.1*float64(unfed)+2 {
						t.Errorf("pushed source %d polled %d times, %d unfed", i, n, unfed)
					}
					continue
				}
				before, after = before+len(alone[i].fetches), after+len(shared[i].fetches)
			}
			if float64(after) < 1.5*float64(before) {
				t.Errorf("pulled sources fetched %d times with half the sources pushed, %d with none: the pushed sources' budget did not go to them", after, before)
			}
			// 8 days of polls every plan.DefaultPushVerify, and the first.
			most := int(8*24*time.Hour/plan.DefaultPushVerify) + 1
			if verify > most {
				t.Errorf("a pushed source was polled %d times, more than its %d verification polls", verify, most)
			}
		})
	}
}

// TestPushedPostingsArriveByHub checks that a pushed source's postings are
// all captured, at the hub's delay, and its latency is the hub's plus the
// sender's.
func TestPushedPostingsArriveByHub(t *testing.T) {
	srcs := synthSources(22, 10, 6, 20)
	cfg := Config{Policy: "uniform", PerSource: 2, Train: 2 * 24 * time.Hour, Seed: 5, PushShare: 1, HubDelay: 90 * time.Second}
	m, err := Run(cfg, srcs, nil)
	if err != nil {
		t.Fatal(err)
	}
	if m.PushedSources != 10 || m.Lost != 0 || m.Captured != m.Postings || m.MeanDelayMin != 1.5 {
		t.Errorf("all pushed: %d pushed, %d lost, %d of %d captured, mean delay %v min; want 10, 0, all, 1.5",
			m.PushedSources, m.Lost, m.Captured, m.Postings, m.MeanDelayMin)
	}
	if m.LatencyP50Min < 1.5 || m.LatencyP99Min > 1.5+2.0/60 {
		t.Errorf("latency p50 %v, p99 %v min: want the hub's 1.5 min plus at most a 2 s pass", m.LatencyP50Min, m.LatencyP99Min)
	}
}

func TestPushSettingsChecked(t *testing.T) {
	good := []Source{{ID: "a", Postings: []time.Time{t0, t0.Add(time.Hour)}}}
	for _, c := range []struct {
		name string
		cfg  Config
		want string
	}{
		{"share above one", Config{PushShare: 1.5}, "share of pushed sources"},
		{"negative share", Config{PushShare: -0.1}, "share of pushed sources"},
		{"negative hub delay", Config{HubDelay: -time.Second}, "hub's delay"},
		{"negative verify", Config{PushVerify: -time.Hour}, "verification poll"},
	} {
		t.Run(c.name, func(t *testing.T) {
			cfg := c.cfg
			cfg.Policy, cfg.PerDay, cfg.Online = "uniform", 1, true
			if _, err := Run(cfg, good, nil); err == nil || !strings.Contains(err.Error(), c.want) {
				t.Errorf("error %v, want one mentioning %q", err, c.want)
			}
		})
	}
}

// TestEveryPolicyKeepsPushedToVerification runs every policy with a third
// of the sources pushed, at a budget (30 a day) below the verification
// polls' (40 a day): none may poll a pushed source more often than its
// verification polls allow, nor pass the budget for them, and each gets
// the pushed postings in.
func TestEveryPolicyKeepsPushedToVerification(t *testing.T) {
	srcs := withTerms(synthSources(23, 30, 5, 30), 23)
	for _, name := range policyNames() {
		t.Run(name, func(t *testing.T) {
			cfg := Config{Policy: name, PerSource: 1, Train: 2 * 24 * time.Hour, PlanEvery: 12 * time.Hour, Seed: 5, PushShare: 1.0 / 3}
			m, tracks, err := run(cfg, srcs, nil)
			if err != nil {
				t.Fatal(err)
			}
			most := int(5*24*time.Hour/plan.DefaultPushVerify) + 1
			for i, tr := range tracks {
				if tr.pushed && len(tr.fetches) > most {
					t.Errorf("pushed source %d polled %d times, more than its %d verification polls", i, len(tr.fetches), most)
				}
			}
			if m.Fetches > 30*3+30 {
				t.Errorf("%d fetches measured over 3 days at 30 a day, with a day saved up", m.Fetches)
			}
			if m.PushedSources != 10 || m.LatencyP50Min <= 0 {
				t.Errorf("%d sources pushed, latency p50 %v min; want 10 and a positive latency", m.PushedSources, m.LatencyP50Min)
			}
		})
	}
}

// TestPushOffSetsApartWithoutPushing: with PushOff the chosen sources are
// polled as with nothing pushed (every source's fetches the same as with
// PushShare 0), counted apart, and the pulled quantiles are over the
// others alone; with push on, those others' p50 and p99 are no later (the
// pushed ones cost no more than unfed, and what they free goes to them).
func TestPushOffSetsApartWithoutPushing(t *testing.T) {
	srcs := synthSources(23, 40, 8, 40)
	base := Config{Policy: "accrued", PerSource: 1, Train: 2 * 24 * time.Hour, PlanEvery: 24 * time.Hour, Seed: 5}
	off := base
	off.PushShare, off.PushOff = 0.5, true
	on := off
	on.PushOff = false
	_, none, err := run(base, srcs, nil)
	if err != nil {
		t.Fatal(err)
	}
	mOff, apart, err := run(off, srcs, nil)
	if err != nil {
		t.Fatal(err)
	}
	mOn, _, err := run(on, srcs, nil)
	if err != nil {
		t.Fatal(err)
	}
	for i := range none {
		if !slices.Equal(none[i].fetches, apart[i].fetches) {
			t.Fatalf("source %d fetched %d times with push off, %d with none pushed: want the same fetches", i, len(apart[i].fetches), len(none[i].fetches))
		}
	}
	if mOff.PushedSources != 20 || !mOff.PushOff || mOn.PushOff {
		t.Errorf("push off: %d sources apart (want 20), marked %v; push on marked %v", mOff.PushedSources, mOff.PushOff, mOn.PushOff)
	}
	if mOff.PulledArrived >= mOff.Captured || mOff.PulledArrived == 0 {
		t.Errorf("push off: %d pulled arrivals of %d captured, want those of the other half only", mOff.PulledArrived, mOff.Captured)
	}
	if mOn.PulledP50Min > mOff.PulledP50Min || mOn.PulledP99Min > mOff.PulledP99Min {
		t.Errorf("the pulled sources' p50 / p99 are %.1f / %.1f min with half the sources pushed, %.1f / %.1f without: push made them later",
			mOn.PulledP50Min, mOn.PulledP99Min, mOff.PulledP50Min, mOff.PulledP99Min)
	}
	t.Logf("the other half's p50 / p99: %.1f / %.1f min without push, %.1f / %.1f with", mOff.PulledP50Min, mOff.PulledP99Min, mOn.PulledP50Min, mOn.PulledP99Min)
}
