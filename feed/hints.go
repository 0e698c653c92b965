package feed

import (
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/mmcdole/gofeed"
	ext "github.com/mmcdole/gofeed/extensions"
	"github.com/mmcdole/gofeed/rss"

	"vigil"
)

// weekdays maps the day names of RSS <skipDays> to weekdays.
var weekdays = map[string]time.Weekday{
	"sunday": time.Sunday, "monday": time.Monday, "tuesday": time.Tuesday,
	"wednesday": time.Wednesday, "thursday": time.Thursday,
	"friday": time.Friday, "saturday": time.Saturday,
}

// updatePeriods maps the syndication module's sy:updatePeriod values to
// durations; months and years are taken as 30 and 365 days.
var updatePeriods = map[string]time.Duration{
	"hourly":  time.Hour,
	"daily":   24 * time.Hour,
	"weekly":  7 * 24 * time.Hour,
	"monthly": 30 * 24 * time.Hour,
	"yearly":  365 * 24 * time.Hour,
}

// feedHints gathers the scheduling hints a feed gives about itself. RSS
// <ttl>, <skipHours> and <skipDays> are only on gofeed's original RSS
// feed; the syndication module is in the extensions of any format.
// Invalid values are ignored.
func feedHints(gf *gofeed.Feed) vigil.Hints {
	var h vigil.Hints
	if rf, ok := gf.OriginalFeed().(*rss.Feed); ok {
		h.TTL = ttlHint(rf.TTL)
		h.SkipHours = skipHours(rf.SkipHours)
		h.SkipDays = skipDays(rf.SkipDays)
	}
	h.UpdatePeriod = updatePeriod(gf.Extensions["sy"])
	return h
}

// ttlHint parses RSS <ttl>, a positive number of minutes.
func ttlHint(s string) time.Duration {
	n, err := strconv.Atoi(strings.TrimSpace(s))
	if err != nil || n <= 0 || n > 366*24*60 {
		return 0
	}
	return time.Duration(n) * time.Minute
}

// skipHours parses the <hour> values of RSS <skipHours>: 0-23, with 24
// (used by some feeds for midnight) taken as 0. Sorted, without repeats.
func skipHours(values []string) []int {
	var hours []int
	for _, v := range values {
		n, err := strconv.Atoi(strings.TrimSpace(v))
		if err != nil || n < 0 || n > 24 {
			continue
		}
		hours = append(hours, n%24)
	}
	slices.Sort(hours)
	return slices.Compact(hours)
}

// skipDays parses the <day> names of RSS <skipDays>, ignoring case.
// Sorted, without repeats.
func skipDays(values []string) []time.Weekday {
	var days []time.Weekday
	for _, v := range values {
		if d, ok := weekdays[strings.ToLower(strings.TrimSpace(v))]; ok {
			days = append(days, d)
		}
	}
	slices.Sort(days)
	return slices.Compact(days)
}

// updatePeriod returns sy:updatePeriod divided by sy:updateFrequency
// (default 1), or 0 when the period is absent or unknown. An invalid
// frequency is ignored, leaving the default.
func updatePeriod(sy map[string][]ext.Extension) time.Duration {
	period, ok := updatePeriods[strings.ToLower(firstExtValue(sy, "updatePeriod"))]
	if !ok {
		return 0
	}
	freq, err := strconv.Atoi(firstExtValue(sy, "updateFrequency"))
	if err != nil || freq < 1 {
		freq = 1
	}
	return period / time.Duration(freq)
}

// firstExtValue returns the trimmed text of the first extension element
// of that name, or "".
func firstExtValue(elems map[string][]ext.Extension, name string) string {
	if len(elems[name]) == 0 {
		return ""
	}
	return strings.TrimSpace(elems[name][0].Value)
}
