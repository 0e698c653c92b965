package sim

import (
	"fmt"
	"math"
	"slices"

	"vigil/plan"
	"vigil/policy"
)

// DefaultPushSeed picks the pushed sources when Config.PushSeed is zero. It
// differs from DefaultDatelessSeed so that the two shares are drawn apart.
const DefaultPushSeed = 2

// markPushed marks round(share × n) of the tracks as sources whose WebSub
// hub pushes each posting hub seconds after it is published: those whose
// IDs hash lowest under the seed (as markDateless chooses), so the choice
// depends on the sources' IDs and the seed alone. With off it only sets
// them apart (Config.PushOff).
func markPushed(tracks []track, srcs []Source, share float64, seed uint64, hub int64, off bool) {
	k := int(math.Round(share * float64(len(tracks))))
	if k <= 0 {
		return
	}
	order := make([]int, len(srcs))
	keys := make([]uint64, len(srcs))
	for i, s := range srcs {
		order[i], keys[i] = i, idHash(s.ID, seed)
	}
	slices.SortStableFunc(order, func(a, b int) int {
		switch {
		case keys[a] < keys[b]:
			return -1
		case keys[a] > keys[b]:
			return 1
		}
		return 0
	})
	for _, i := range order[:min(k, len(order))] {
		tracks[i].pushed, tracks[i].hub, tracks[i].apart = !off, hub, true
	}
}

// unfed returns the indices of the sources no hub pushes, chosen by the
// live monitor's rule (plan.Unfed): the policies plan and select only
// those, so the pushed sources' share of the budget goes to them.
func (e *engine) unfed() []int {
	all := make([]int, len(e.tracks))
	for i := range all {
		all[i] = i
	}
	return plan.Unfed(all, func(i int) bool { return e.tracks[i].pushed })
}

// unfedSources returns the sources unfed names, in order.
func (e *engine) unfedSources(idx []int) []*policy.Source {
	out := make([]*policy.Source, len(idx))
	for k, i := range idx {
		out[k] = e.srcs[i]
	}
	return out
}

// verifyPushed makes, of the verification polls of the pushed sources due
// at t (a selecting policy's slot), at most m, the longest due first: each
// is due its verification interval (the last plan's) after its last poll,
// as the live monitor polls a fed feed (plan.PushNext); those beyond the
// slot's m fetches wait, as the live budget defers them. It returns how
// many it made.
func (e *engine) verifyPushed(t int64, m int) int {
	at := unix(t)
	var due []int
	for i, tr := range e.tracks {
		if tr.pushed && !plan.PushNext(at, e.srcs[i].Last, true, e.verify[i]).After(at) {
			due = append(due, i)
		}
	}
	slices.SortStableFunc(due, func(a, b int) int { return e.srcs[a].Last.Compare(e.srcs[b].Last) })
	due = due[:min(m, len(due))]
	for _, i := range due {
		e.collect(i, t)
	}
	return len(due)
}

// countPushed counts a pushed source's evaluated postings as captured
// with the delay with which they reach the monitor: the hub's, whatever the polls find (they only verify the
// hub). A pushed posting is never lost.
func countPushed(m *Metrics, tr *track, p period, delays []delaySample) []delaySample {
	for _, t := range tr.posts {
		if p.counts(t) {
			m.Postings++
			m.Captured++
			delays = append(delays, delaySample{tr.hub, tr.weight})
		}
	}
	return delays
}

// checkPush checks the push settings.
func (r *resolved) checkPush() error {
	switch {
	case !(r.PushShare >= 0 && r.PushShare <= 1):
		return fmt.Errorf("sim: the share of pushed sources must be in [0, 1], got %v", r.PushShare)
	case r.HubDelay < 0:
		return fmt.Errorf("sim: the hub's delay must not be negative, got %v", r.HubDelay)
	case r.PushVerify < 0:
		return fmt.Errorf("sim: the verification poll interval must not be negative, got %v", r.PushVerify)
	}
	if err := r.verification().Validate(); err != nil {
		return fmt.Errorf("sim: %w", err)
	}
	return nil
}

// verification is the rule of the pushed sources' verification polls.
func (r *resolved) verification() plan.Verification {
	return plan.Verification{Every: r.PushVerify, Multiple: r.PushVerifyMultiple}
}

// fillPush applies the push settings' defaults.
func (r *resolved) fillPush() {
	if r.PushSeed == 0 {
		r.PushSeed = DefaultPushSeed
	}
	if r.PushVerify == 0 {
		r.PushVerify = plan.DefaultPushVerify
	}
}
