package policy

import (
	"time"

	"vigil"
)

// maxPlanned bounds the fetches Planned lists, whatever the span: a day of
// one-minute fetches, far more than any bounded plan makes.
const maxPlanned = minutesPerDay

// planner is a policy whose fetches after the next one follow from its
// plan alone, not from what a fetch finds: the accrued rule (each fetch
// restarts the accrual under the same learned pattern and θ) and the
// day-planning policies (their day plan's minutes).
type planner interface {
	planned(s *Source, from, to time.Time) []time.Time
}

// Planned lists the fetches p plans for s in [from, to), from s's current
// state. For the accrued rule and the day-planning policies (uniform,
// alloc, place, combined, user) that is the whole plan over the span, each
// fetch taken as made when planned; the others decide each fetch from
// what the last one found, so they list only the next fetch.
func Planned(p Policy, s *Source, from, to time.Time) []time.Time {
	if pl, ok := p.(planner); ok {
		return pl.planned(s, from, to)
	}
	if t := p.Next(s, from); !t.Before(from) && t.Before(to) {
		return []time.Time{t}
	}
	return nil
}

// iterate lists next's fetches in [from, to): the first after from with
// s as it is, then each following one as if the previous fetch had been
// made when planned (s.Last moved to it; the models unchanged).
func iterate(next func(s *Source, now time.Time) time.Time, s *Source, from, to time.Time) []time.Time {
	c := *s
	var out []time.Time
	now := from
	for len(out) < maxPlanned {
		t := next(&c, now)
		if t.Before(from) || !t.Before(to) || (len(out) > 0 && !t.After(now)) {
			break
		}
		out = append(out, t)
		c.Last, now = t, t
	}
	return out
}

// planned lists the accrued rule's fetches in [from, to): from the last
// fetch, each next one when the accrued delay w·∫λ(s)(t−s)ds since the
// previous reaches θ under the learned daily pattern (Next, repeated).
func (p *accrued) planned(s *Source, from, to time.Time) []time.Time {
	return iterate(p.Next, s, from, to)
}

// planned lists the day plan's fetches in [from, to), as Next keeps to them
// fetch after fetch.
func (p *scheduled) planned(s *Source, from, to time.Time) []time.Time {
	return iterate(p.Next, s, from, to)
}

// PlannedFetches lists the fetches the running plan makes of f in
// [from, to) (see Planned). A feed that is failing or was never fetched
// keeps its own schedule (see Replan): its stored next fetch comes first,
// and for the policies that plan ahead (see Planned) the plan follows
// from it as if that fetch succeeded.
func (l *Live) PlannedFetches(f vigil.Feed, from, to time.Time) []time.Time {
	s := l.source(&f)
	l.mu.Lock()
	defer l.mu.Unlock()
	if f.LastSuccess.IsZero() || f.Failures > 0 {
		next := f.NextFetch
		if next.Before(from) {
			next = from
		}
		if !next.Before(to) {
			return nil
		}
		out := []time.Time{next}
		if pl, ok := l.policy.(planner); ok {
			s.Last = next
			out = append(out, pl.planned(s, next, to)...)
		}
		return out
	}
	return Planned(l.policy, s, from, to)
}
