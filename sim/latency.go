package sim

import (
	"slices"
	"time"
)

// The live alert sender's pace (package notify), which the latency model
// replays: a pass every SenderEvery (notify.DefaultEvery), and a channel
// claimed at most once every SenderGap (notify.DefaultGap, the channel's
// rate limit). A claim sends every message the channel has due (a burst of
// four or more as one message), so a message waits only for the next pass
// that may claim its channel. TestSenderPaceIsLive keeps them in step.
const (
	SenderEvery = 2 * time.Second
	SenderGap   = 2 * time.Second
)

// arrival is one evaluated posting that reached the monitor: when it was
// published, when its alert was queued, and whether it was pulled.
type arrival struct {
	posted, queued int64
	pulled         bool
}

// latency sets the publication-to-delivery quantiles of m from the tracks'
// fetches: every arrival's alert goes to one channel, as for a reader who
// follows every source, through the sender's passes (deliver).
func latency(m *Metrics, tracks []track, p period) {
	var all []arrival
	for i := range tracks {
		if tracks[i].pushed || tracks[i].apart {
			m.PushedSources++
		}
		all = arrivals(&tracks[i], p, all)
	}
	slices.SortFunc(all, func(a, b arrival) int { return int(sign(a.queued - b.queued)) })
	deliver(all, p.base)
	var every, pulled []int64
	for _, a := range all {
		every = append(every, a.queued-a.posted)
		if a.pulled {
			pulled = append(pulled, a.queued-a.posted)
		}
	}
	m.LatencyP50Min, m.LatencyP99Min = quantileMin(every, 0.5), quantileMin(every, 0.99)
	m.PulledP50Min, m.PulledP99Min = quantileMin(pulled, 0.5), quantileMin(pulled, 0.99)
	m.PulledArrived = len(pulled)
}

// arrivals appends the track's evaluated postings that reached the
// monitor: a pushed source's at publication plus the hub's delay, a pulled
// one's at the fetch that found it still in the window (as countPostings
// captures them).
func arrivals(tr *track, p period, out []arrival) []arrival {
	if tr.pushed {
		for _, t := range tr.posts {
			if p.counts(t) {
				out = append(out, arrival{posted: t, queued: t + tr.hub})
			}
		}
		return out
	}
	seen := 0
	for _, t := range tr.fetches {
		k := tr.countUpTo(seen, t)
		for j := max(seen, tr.shown(k)); j < k; j++ {
			if p.counts(tr.posts[j]) {
				out = append(out, arrival{posted: tr.posts[j], queued: t, pulled: !tr.apart})
			}
		}
		seen = k
	}
	return out
}

// deliver moves each arrival's queued time, in place, to when the sender
// delivers it on one channel: passes at start + k·SenderEvery, a claim at
// the first pass at or after the queueing no sooner than SenderGap after
// the channel's last claim, and every message due by a claim sent by it.
// The arrivals must be in queueing order.
func deliver(all []arrival, start int64) {
	every, gap := int64(SenderEvery/time.Second), int64(SenderGap/time.Second)
	claimed, any := int64(0), false
	for i := range all {
		q := all[i].queued
		if any && q <= claimed {
			all[i].queued = claimed
			continue
		}
		from := q
		if any {
			from = max(q, claimed+gap)
		}
		claimed, any = nextPass(from, start, every), true
		all[i].queued = claimed
	}
}

// nextPass is the first pass at or after t of a sender passing at start +
// k·every.
func nextPass(t, start, every int64) int64 {
	if t <= start {
		return start
	}
	k := (t - start + every - 1) / every
	return start + k*every
}

// quantileMin is the q-quantile of the delays in seconds, by nearest rank
// (the smallest delay at least a share q of them do not exceed), in
// minutes; 0 when there are none.
func quantileMin(delays []int64, q float64) float64 {
	if len(delays) == 0 {
		return 0
	}
	s := slices.Clone(delays)
	slices.Sort(s)
	k := int(float64(len(s))*q+0.999999999) - 1
	return float64(s[min(max(k, 0), len(s)-1)]) / 60
}
