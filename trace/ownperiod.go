package trace

import (
	"sort"
	"time"
)

// OwnPeriodShare is how far an access trace's own period must match a
// simulated period (Overlap) for InPeriod to keep its accesses at their
// own times. A choice, not a measurement: at half, a trace taken over the
// same weeks as the postings passes with weeks to spare at either end,
// while one that leaves most of the period without readers, or spans years
// of which the period is a small part (a stand-in for when people read),
// is replayed.
const OwnPeriodShare = 0.5

// Overlap returns how far the trace's own period [a.Start, a.End) and
// [start, end) match: the time both cover over the time either covers (1
// for the same period, 0 when they do not meet).
func (a *Accesses) Overlap(start, end time.Time) float64 {
	from, to := max(a.Start.Unix(), start.Unix()), min(a.End.Unix(), end.Unix())
	if to <= from {
		return 0
	}
	either := max(a.End.Unix(), end.Unix()) - min(a.Start.Unix(), start.Unix())
	return float64(to-from) / float64(either)
}

// InPeriod reports whether the trace was taken over the simulated period
// [start, end) itself (Overlap at least OwnPeriodShare), so that its
// accesses belong at their own times rather than replayed: a site's own
// readers over the same weeks as its postings.
func (a *Accesses) InPeriod(start, end time.Time) bool {
	return a.Overlap(start, end) >= OwnPeriodShare
}

// Clip returns the trace's accesses in [start, end) at their own times, its
// period set to [start, end); a is not changed. A user with no access there
// stays, with none.
func (a *Accesses) Clip(start, end time.Time) *Accesses {
	start, end = start.UTC(), end.UTC()
	out := &Accesses{Start: start, End: end, Users: make([]User, 0, len(a.Users))}
	for _, u := range a.Users {
		acc := u.Accesses
		i := sort.Search(len(acc), func(i int) bool { return !acc[i].Time.Before(start) })
		j := sort.Search(len(acc), func(j int) bool { return !acc[j].Time.Before(end) })
		out.Users = append(out.Users, User{ID: u.ID, Accesses: append([]Access(nil), acc[i:j]...)})
	}
	return out
}
