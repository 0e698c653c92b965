package plan

import (
	"math"
	"time"
)

// Miniflux's "entry_frequency" scheduler (POLLING_SCHEDULER=entry_frequency),
// as published in miniflux/v2: internal/model/feed.go (ScheduleNextCheck),
// internal/storage/feed.go (WeeklyFeedEntryCount) and internal/config
// (defaults). Facts taken from that source:
//
//   - interval = 7 days / (weekly count × SCHEDULER_ENTRY_FREQUENCY_FACTOR),
//     then min(interval, max) and then max(interval, min), so min wins if
//     the two are crossed; a weekly count ≤ 0 gives the max interval.
//   - defaults: SCHEDULER_ENTRY_FREQUENCY_MIN_INTERVAL 5 minutes,
//     SCHEDULER_ENTRY_FREQUENCY_MAX_INTERVAL 24 hours, FACTOR 1.
//   - older releases computed whole minutes (math.Round of 10080/count);
//     recent ones divide durations. MinifluxInterval follows the latter.
//   - the weekly count was once count(*) of entries published in the last
//     week; recent releases use a "virtual" count (see MinifluxWeeklyCount)
//     so that a busy feed just added is not polled daily.
//   - afterwards the interval is raised to the feed's own refresh delay (RSS
//     ttl, Retry-After, Cache-Control, Expires) and capped at max again.
//     That step is left to Constrain, which applies server hints to every
//     policy alike.

// MinifluxBounds are Miniflux's default entry_frequency limits: 5 minutes
// and 24 hours.
var MinifluxBounds = Bounds{Min: 5 * time.Minute, Max: 24 * time.Hour}

// MinifluxInterval returns Miniflux's entry_frequency interval for a feed
// with weeklyCount entries a week: b.Max when weeklyCount ≤ 0, else
// 7 days / weeklyCount limited to b.Max and then raised to b.Min (so b.Min
// wins if the bounds are crossed). Miniflux's FACTOR f is the same as
// passing weeklyCount·f.
func MinifluxInterval(weeklyCount int, b Bounds) time.Duration {
	if weeklyCount <= 0 {
		return b.Max
	}
	d := 7 * 24 * time.Hour / time.Duration(weeklyCount)
	return max(min(d, b.Max), b.Min)
}

// MinifluxWeeklyCount returns the "virtual" weekly entry count recent
// Miniflux releases feed to MinifluxInterval: over the entries published at
// or after now − 7 days, ⌈604800 s / mean gap⌉ where the mean gap is
// (newest − oldest)/(n − 1), and 0 when fewer than two entries qualify or
// they all share one instant. (Miniflux computes this in SQL; PostgreSQL
// takes the gap in fractional seconds, as here.)
func MinifluxWeeklyCount(now time.Time, published []time.Time) int {
	since := now.Add(-7 * 24 * time.Hour)
	var first, last time.Time
	n := 0
	for _, p := range published {
		if p.Before(since) {
			continue
		}
		if n == 0 || p.Before(first) {
			first = p
		}
		if n == 0 || p.After(last) {
			last = p
		}
		n++
	}
	span := last.Sub(first).Seconds()
	if n < 2 || span <= 0 {
		return 0
	}
	return int(math.Ceil(604800 / (span / float64(n-1))))
}
