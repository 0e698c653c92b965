package change

import (
	"fmt"
	"strings"
	"time"
)

// Frequency is how often a follower wants to hear of changes, and so the
// group they share evaluations with (Glance et al. §3.1.1, second release).
type Frequency int

// The frequencies, from the most to the least frequent.
const (
	Daily Frequency = iota + 1
	Weekly
	Monthly
)

// Frequencies lists the frequencies from the most to the least frequent,
// the order in which evaluations propagate.
func Frequencies() []Frequency {
	return []Frequency{Daily, Weekly, Monthly}
}

// String returns the frequency's word.
func (f Frequency) String() string {
	switch f {
	case Daily:
		return "daily"
	case Weekly:
		return "weekly"
	case Monthly:
		return "monthly"
	}
	return "unknown"
}

// ParseFrequency returns the Frequency named by word, or an error naming it.
func ParseFrequency(word string) (Frequency, error) {
	switch strings.ToLower(strings.TrimSpace(word)) {
	case "daily":
		return Daily, nil
	case "weekly":
		return Weekly, nil
	case "monthly":
		return Monthly, nil
	}
	return 0, fmt.Errorf("change: unknown frequency %q (want daily, weekly or monthly)", word)
}

// Calendar places reference versions: one each day, on the first day of
// each week and of each month (Glance et al. §2.2), in a time zone. The
// zero value uses UTC and weeks starting on Monday (ISO 8601).
type Calendar struct {
	// Location is the time zone whose days, weeks and months count; nil
	// means UTC.
	Location *time.Location
	// WeekStart is the first day of the week; the zero value, Sunday, is
	// read as Monday unless SundayWeeks is set.
	WeekStart time.Weekday
	// SundayWeeks makes weeks start on Sunday.
	SundayWeeks bool
}

// loc returns the calendar's location.
func (c Calendar) loc() *time.Location {
	if c.Location == nil {
		return time.UTC
	}
	return c.Location
}

// weekStart returns the first day of the week.
func (c Calendar) weekStart() time.Weekday {
	if c.SundayWeeks {
		return time.Sunday
	}
	if c.WeekStart == time.Sunday {
		return time.Monday
	}
	return c.WeekStart
}

// PeriodStart returns the start (local midnight) of the day, week or month
// that holds t. Days are calendar days, so around a daylight-saving change
// a day lasts 23 or 25 hours.
func (c Calendar) PeriodStart(t time.Time, f Frequency) time.Time {
	t = t.In(c.loc())
	y, m, d := t.Date()
	switch f {
	case Weekly:
		back := (int(t.Weekday()) - int(c.weekStart()) + 7) % 7
		return time.Date(y, m, d-back, 0, 0, 0, 0, c.loc())
	case Monthly:
		return time.Date(y, m, 1, 0, 0, 0, 0, c.loc())
	}
	return time.Date(y, m, d, 0, 0, 0, 0, c.loc())
}

// SamePeriod reports whether a and b fall in the same day, week or month.
func (c Calendar) SamePeriod(a, b time.Time, f Frequency) bool {
	return c.PeriodStart(a, f).Equal(c.PeriodStart(b, f))
}

// Starts returns the frequencies whose period a fetch at t opens, given the
// previous fetch at prev (zero: none yet): the version current at t becomes
// the reference version of those groups.
func (c Calendar) Starts(prev, t time.Time) []Frequency {
	var out []Frequency
	for _, f := range Frequencies() {
		if prev.IsZero() || !c.SamePeriod(prev, t, f) {
			out = append(out, f)
		}
	}
	return out
}

// Fetch is one fetch of a page and the version it found current.
type Fetch struct {
	Time    time.Time
	Version int64
}

// Reference is the reference version of one period.
type Reference struct {
	// Period is the start of the day, week or month.
	Period time.Time
	// Version is the version current at the period's first fetch.
	Version int64
}

// References returns the reference versions of a group: for each period
// with a fetch, the version the period's first fetch found. fetches must be
// in time order.
func (c Calendar) References(fetches []Fetch, f Frequency) []Reference {
	var out []Reference
	for _, ft := range fetches {
		p := c.PeriodStart(ft.Time, f)
		if len(out) > 0 && out[len(out)-1].Period.Equal(p) {
			continue
		}
		out = append(out, Reference{Period: p, Version: ft.Version})
	}
	return out
}

// Step is a change a group sees: between two consecutive reference
// versions that differ.
type Step struct {
	From, To Reference
}

// Steps returns the changes a group sees from its reference versions.
func Steps(refs []Reference) []Step {
	var out []Step
	for i := 1; i < len(refs); i++ {
		if refs[i].Version != refs[i-1].Version {
			out = append(out, Step{From: refs[i-1], To: refs[i]})
		}
	}
	return out
}
