package main

import "time"

// Kinds of publication time the fill gives its items (--dates).
const (
	datesDistinct = "distinct" // spread over the year before epoch, no two alike
	datesTied     = "tied"     // one instant for every item
	datesUndated  = "undated"  // none: listed by first seen, epoch for all
)

// dateKinds are the values --dates accepts.
var dateKinds = []string{datesDistinct, datesTied, datesUndated}

// tiedAt is the publication time of every item of a --dates tied fill: a
// day before the fill's fetch, so that it is the items' sort time.
var tiedAt = epoch.Add(-24 * time.Hour)

// published returns the publication time of item k of feed f, the feed
// holding n items, for the --dates kind dates.
func published(dates string, f, k, n int) time.Time {
	switch dates {
	case datesTied:
		return tiedAt
	case datesUndated:
		return time.Time{}
	}
	step := 365 * 24 * time.Hour / time.Duration(max(n, 1))
	return epoch.Add(-time.Duration(k)*step - time.Duration(f)*time.Second)
}
