package trace

import (
	"sort"
	"time"
)

// week is the length of the cycle Replay keeps.
const week = 7 * 24 * time.Hour

// Replay maps the access trace onto the simulated period [start, end),
// keeping each access's weekday and time of day (UTC), and returns the new
// trace; a is not changed.
//
// The rule, for each user separately: weeks run from Monday 00:00 UTC. The
// user's own weeks are numbered 0..K−1 from the week of their first access
// to the week of their last (empty weeks inside included, so quiet weeks
// stay quiet). Simulated week j, counted from the week holding start, is a
// copy of the user's week j mod K: an access at offset o into the user's
// week lands at offset o into simulated week j. Accesses that land outside
// [start, end) are dropped. So the simulated period replays the user's weeks
// in order from their first, cycling when the period is longer than the
// user's trace; every simulated week has exactly the accesses of one real
// week, at the same weekday and time of day.
func (a *Accesses) Replay(start, end time.Time) *Accesses {
	return a.ReplayFrom(start, end, 0)
}

// ReplayFrom is Replay starting at the user's week skip instead of their
// first: simulated week j copies the user's week (j + skip) mod K. It
// replays another stretch of each user's own history onto the same period
// (skip = 13 a quarter later), so that a policy can be judged on readers'
// habits other than those it was chosen on.
func (a *Accesses) ReplayFrom(start, end time.Time, skip int) *Accesses {
	start, end = start.UTC(), end.UTC()
	out := &Accesses{Start: start, End: end, Users: make([]User, 0, len(a.Users))}
	for _, u := range a.Users {
		out.Users = append(out.Users, User{ID: u.ID, Accesses: replayUser(u.Accesses, start, end, max(skip, 0))})
	}
	return out
}

// replayUser applies ReplayFrom's rule to one user's sorted accesses.
func replayUser(acc []Access, start, end time.Time, skip int) []Access {
	if len(acc) == 0 || !end.After(start) {
		return nil
	}
	first := weekStart(acc[0].Time)
	weeks := int(weekStart(acc[len(acc)-1].Time).Sub(first)/week) + 1
	var out []Access
	sim := weekStart(start)
	for j := 0; sim.Before(end); j, sim = j+1, sim.Add(week) {
		from := first.Add(time.Duration((j+skip)%weeks) * week)
		to := from.Add(week)
		i := sort.Search(len(acc), func(i int) bool { return !acc[i].Time.Before(from) })
		for ; i < len(acc) && acc[i].Time.Before(to); i++ {
			at := sim.Add(acc[i].Time.Sub(from))
			if at.Before(start) || !at.Before(end) {
				continue
			}
			moved := acc[i]
			moved.Time = at
			out = append(out, moved)
		}
	}
	return out
}

// weekStart returns the Monday 00:00 UTC at or before t.
func weekStart(t time.Time) time.Time {
	day := t.UTC().Truncate(24 * time.Hour)
	back := (int(day.Weekday()) + 6) % 7
	return day.AddDate(0, 0, -back)
}
