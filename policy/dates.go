package policy

import "time"

// Items' published dates are optional in feeds and often wrong: missing,
// one date stamped on every item, the time the feed was generated, or
// dates in the future (Horincar et al. §4 find about a fifth of feeds
// without usable dates). Models.Observe, which the live monitor
// (Live.Observe) and the simulator both call for every fetch, keeps a
// fetch's dates only when they are plausible, and otherwise learns from the
// count of new items and the fetch times alone, as from a feed without
// dates (see censored.go).

// plausibleDates returns the dates of a fetch at t that found x new items,
// or nil when they cannot be trusted. On a source's first fetch (first)
// every shown item's date is given, and those without one (the zero time)
// are left out; afterwards the dates are the first x, those of the new
// items. The fetch's dates are judged together, all or none, because one
// bad date usually means a feed that dates badly:
//
//   - after the first fetch, a new item without a date: its time is not
//     known, and the level needs every new item's;
//   - a date after the fetch time (a date in the future);
//   - a date within a second of the fetch time (the feed stamps items with
//     the time it was generated);
//   - two or more new items all sharing one date (the feed stamps one date
//     on every item). A trace quantised to the hour can have two real
//     postings in one second; such a fetch is then learned from its count,
//     which loses only its dates.
func plausibleDates(t time.Time, x int, dates []time.Time, first bool) []time.Time {
	if first {
		dates = dated(dates)
	} else {
		dates = dates[:min(x, len(dates))]
		if len(dates) < x {
			return nil
		}
	}
	if len(dates) == 0 {
		return nil
	}
	for _, d := range dates {
		if d.IsZero() || d.After(t) || t.Sub(d) < time.Second {
			return nil
		}
	}
	if len(dates) >= 2 && allEqual(dates) {
		return nil
	}
	return dates
}

// allEqual tells whether every date is the first one.
func allEqual(dates []time.Time) bool {
	for _, d := range dates[1:] {
		if !d.Equal(dates[0]) {
			return false
		}
	}
	return true
}

// dated returns the dates that are not the zero time.
func dated(dates []time.Time) []time.Time {
	var out []time.Time
	for _, d := range dates {
		if !d.IsZero() {
			out = append(out, d)
		}
	}
	return out
}
