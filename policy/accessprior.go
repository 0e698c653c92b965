package policy

import (
	"time"

	"vigil/estimate"
)

// AccessModel is how readers' access patterns are learned for the user
// policy, in the simulator and in the live monitor alike. Sia et al.
// (§4.3) learn each reader's rate and daily pattern from their own
// accesses alone; a reader with a handful of accesses then gets a pattern
// of a few spikes and a rate that next weeks need not keep, and the
// allocation and placement follow them. The prior is vigil's choice
// (an empirical-Bayes, or credibility, weighting, not the paper's): each
// reader's estimates are shrunk toward the population's by their evidence.
// The zero value is DefaultAccess.
type AccessModel struct {
	// Raw learns each reader's pattern from their own accesses alone, as
	// Sia et al. do (no prior).
	Raw bool
	// Prior is the population's weight in pseudo-accesses, k: a reader
	// with n accesses over an exposure of E hours in the window gets the
	// Gamma-Poisson rate (n + k)/(E + k/ū), ū the pooled rate of all the
	// readers who have looked at all, and the daily shape
	// (n·p̂ + k/24)/(n + k), p̂ their own; a reader who has looked before
	// but not in the window keeps a small rate and a flat day. 0 means
	// DefaultAccess's.
	Prior float64
	// Window is the history each reader's pattern is learned from; 0
	// means AccessWindow (14 days).
	Window time.Duration
	// Flat mixes each feed's summed daily pattern with a flat day of the
	// same total, u'(h) = (1 − Flat)·u(h) + Flat·ū, a bound on how far
	// the placement can follow the readers' hours whatever the evidence:
	// a pattern learned from past weeks may not hold in the next. 0 (the
	// default) leaves the sum as it is; 1 places as if readers looked at
	// every hour alike.
	Flat float64
	// HeldBack, when positive, checks every feed's placement on its
	// readers' most recent accesses before following their pattern
	// (FeedChecks): fetches placed by the pattern learned on the accesses
	// before the last HeldBack are scored on the accesses within it
	// against evenly spaced ones, and a feed (above Config.ClusterAbove
	// sources, a cluster) whose placement by pattern missed more is
	// spaced evenly, as uniform spaces it. 0 (the default) follows every
	// pattern as learned: 48 hours, chosen on a training split, did not
	// help on held-out splits (docs/science.md, *Held-back accesses*).
	HeldBack time.Duration
	// PerReader sums the readers' patterns with every reader counting
	// alike rather than every access: each reader's pattern enters the sum
	// scaled to the mean rate of the feed's readers (times their weight),
	// so a reader who looks rarely weighs on the schedule as much as one
	// who looks often. Sia et al. (§5.4) judge a schedule per user,
	// averaging each user's ratio to uniform; the plain sum minimises the
	// misses of all accesses together, where frequent readers dominate.
	PerReader bool
	// Unread is what a feed with no learned access counts in the user
	// policy's split of the budget (scheduled.costWeight): one nobody
	// follows (in the simulator; the live re-plan leaves those out), or
	// whose followers have no pattern for it in the access window (none
	// has looked at it, and none looks at all their feeds at once). It
	// counts this share of the mean accesses per day per unit of reader
	// weight of the feeds that have one, times its readers' weight (1 when
	// it has none); while no feed has a learned access, every feed counts
	// its weight instead. Sia et al. give such a feed no access rate at
	// all, so only its floors (a fetch a week, the saturation floor) fetch
	// it; a share of 1 counts each of its readers as an average one. 0
	// means DefaultAccess's; a negative share is none, Sia et al.'s.
	// Chosen on training splits (docs/science.md, *Feeds nobody has looked
	// at*).
	Unread float64
}

// DefaultAccess is the access model in force: a prior of 30
// pseudo-accesses. It was chosen on a training split alone (reddit-2013q3
// evaluated 2013-06-03 to 07-01, the first half of its sources and of the
// activity trace's readers by hash, at B = 1) among 0, 3, 10, 30 and 100,
// as the prior whose worse ratio to uniform (misses or miss delay per
// access) over two reader shapes (every reader following every source, and
// each following a tenth of them) is least; the held-out figures (the other
// halves, July to 08-18, five stretches of the readers' history) are in
// docs/science.md (*Readers who look rarely*).
//
// A feed with no learned access counts 0.3 of a feed's mean accesses per
// unit of reader weight (Unread), chosen on the same split among 0, 0.03,
// 0.1, 0.3 and 1, over the readers following a tenth of the sources and a
// synthetic trace of readers who comment, by the worse of the misses and
// miss delay per access and the readers' means' miss delay. The readers'
// means joined that rule after the per-access figures had been seen (on
// those alone it picks 0.03), and a first, unreproducible version of the
// synthetic trace favoured 0.1: docs/science.md, *Feeds nobody has
// looked at*, gives both and the held-out figures.
var DefaultAccess = AccessModel{Prior: 30, Unread: 0.3}

// resolved returns the model in force: Prior 0 when Raw, DefaultAccess's
// prior when Prior is 0; DefaultAccess's Unread when it is 0, and none
// when it is negative.
func (m AccessModel) resolved() AccessModel {
	switch {
	case m.Raw:
		m.Prior = 0
	case m.Prior == 0:
		m.Prior, m.Raw = DefaultAccess.Prior, DefaultAccess.Raw
	}
	switch {
	case m.Unread == 0:
		m.Unread = DefaultAccess.Unread
	case m.Unread < 0:
		m.Unread = 0
	}
	return m
}

// shrinkAccess shrinks every learned pattern toward its population by k
// pseudo-accesses (AccessModel.Prior): the users' patterns toward the
// users' pooled rate, and the streams of looks at one feed (the IDs in
// looks, policy.WithLooks) toward theirs, since a user's looks at one of
// their feeds are far rarer than their looks at all of them.
func shrinkAccess(learned map[int64]estimate.Access, k float64, looks map[int64]bool) {
	for _, kind := range []bool{false, true} {
		events, hours := 0.0, 0.0
		for id, a := range learned {
			if looks[id] == kind {
				events, hours = events+a.Events, hours+a.Span.Hours()
			}
		}
		if !(events > 0) || !(hours > 0) {
			continue
		}
		pooled := events / hours
		for id, a := range learned {
			if looks[id] == kind {
				learned[id] = shrunk(a, k, pooled)
			}
		}
	}
}

// shrunk is one reader's pattern under the prior: rate (n + k)/(E + k/ū),
// daily and weekly shapes (n·p̂ + k·flat)/(n + k).
func shrunk(a estimate.Access, k, pooled float64) estimate.Access {
	n := a.Events
	a.Rate = (n + k) / (a.Span.Hours() + k/pooled)
	a.Daily = towardFlat(a.Daily, n, k)
	a.Weekly = towardFlat(a.Weekly, n, k)
	return a
}

// towardFlat is (n·p + k/len(p))/(n + k), a new pattern.
func towardFlat(p estimate.Pattern, n, k float64) estimate.Pattern {
	out := make(estimate.Pattern, len(p))
	flat := 1 / float64(len(p))
	for i, v := range p {
		out[i] = (n*v + k*flat) / (n + k)
	}
	return out
}
