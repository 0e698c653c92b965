package plan

import (
	"slices"
	"time"

	"vigil"
)

// Constrain moves a proposed fetch time t of a feed last fetched at last so
// that it respects the server's hints:
//   - not before h.NotBefore (Cache-Control max-age, Expires, Retry-After);
//   - not sooner than h.TTL (RSS ttl) or h.UpdatePeriod (sy:updatePeriod over
//     sy:updateFrequency) after last;
//   - not in an hour listed in h.SkipHours nor on a day in h.SkipDays (UTC,
//     as RSS defines them); such a time moves to the start of the next
//     allowed hour. Hints that forbid every hour of the week are ignored, as
//     obeying them would mean never fetching.
func Constrain(t time.Time, h vigil.Hints, last time.Time) time.Time {
	if t.Before(h.NotBefore) {
		t = h.NotBefore
	}
	if !last.IsZero() {
		if least := last.Add(max(h.TTL, h.UpdatePeriod)); t.Before(least) {
			t = least
		}
	}
	return skipForbidden(t, h)
}

// skipForbidden advances t hour by hour until it lies in an allowed hour,
// giving up after a whole week.
func skipForbidden(t time.Time, h vigil.Hints) time.Time {
	if len(h.SkipHours) == 0 && len(h.SkipDays) == 0 {
		return t
	}
	c := t
	for range 7 * 24 {
		u := c.UTC()
		if !slices.Contains(h.SkipHours, u.Hour()) && !slices.Contains(h.SkipDays, u.Weekday()) {
			return c
		}
		c = u.Truncate(time.Hour).Add(time.Hour)
	}
	return t
}
