package main

import (
	"strconv"
	"time"

	"vigil"
)

// rateCell is a feed's learned rate in items per hour for tables, or since
// when it has been silent when its silence belies that rate
// (vigil.Feed.Silent).
func rateCell(f vigil.Feed, now time.Time) string {
	if f.Silent(now, vigil.DefaultSilenceEvidence) {
		return "silent since " + f.LastItem.UTC().Format("2006-01-02")
	}
	return strconv.FormatFloat(f.Rate, 'g', 3, 64)
}
