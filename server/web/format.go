package web

import (
	"fmt"
	"html/template"
	"math"
	"net/http"
	"net/url"
	"strconv"
	"time"

	"vigil"
	"vigil/change"
	"vigil/fetch"
	"vigil/policy"
	"vigil/server/internal/reading"
)

// utcLayout is how the pages write an instant in full.
const utcLayout = "2006-01-02 15:04 UTC"

// funcs returns the functions the page templates use to put values into
// words, and to give each item its star button.
func (s *Handlers) funcs() template.FuncMap {
	return template.FuncMap{
		"when":        func(t time.Time) string { return when(t, s.now()) },
		"ago":         func(t time.Time) string { return relative(t, s.now()) },
		"utc":         func(t time.Time) string { return t.UTC().Format(utcLayout) },
		"noiseKind":   noiseKind,
		"iso":         func(t time.Time) string { return t.UTC().Format(time.RFC3339) },
		"number":      reading.Number,
		"rate":        func(f vigil.Feed) string { return rateWords(f, s.now()) },
		"latency":     func(d time.Duration) string { return d.Round(time.Millisecond).String() },
		"feedName":    reading.FeedName,
		"feedLabel":   feedLabel,
		"badge":       feedBadge,
		"problem":     feedProblem,
		"itemTime":    itemTime,
		"starButton":  newStarButton,
		"readToggle":  readToggle,
		"decimal":     func(f float64) string { return strconv.FormatFloat(f, 'f', 2, 64) },
		"percent":     func(f float64) string { return strconv.FormatFloat(math.Round(f*100), 'f', 0, 64) + "%" },
		"novelRate":   novelRate,
		"duration":    roughDuration,
		"initial":     feedInitial,
		"snippet":     s.snippet,
		"fetchStatus": fetchStatus,
		"fed":         func(f vigil.Feed) bool { return f.Push.Fed(s.now()) },
	}
}

// fetchStatus is the Status cell of a fetch: the HTTP status, or why there
// is none: vigil's own refusal of a non-public address is not a server
// that did not answer.
func fetchStatus(o vigil.Observation) string {
	switch {
	case o.NotModified:
		return "304 not modified"
	case o.Status != 0:
		return strconv.Itoa(o.Status)
	case fetch.RefusedAddress(o.Error):
		return "refused: private address (--allow-private)"
	}
	return "no answer"
}

// novelRate writes a profile's learned rate of novel items per day, or
// says it is not learned yet: the learner needs a fetch after the first.
func novelRate(p vigil.Profile) string {
	if p.NovelRate <= 0 {
		return "not learned yet"
	}
	return strconv.FormatFloat(p.NovelRate, 'f', 2, 64) + " a day"
}

// dateLayout is how the pages write a day.
const dateLayout = "2006-01-02"

// farOff is how far from now an instant is written as a date rather than
// in words: "6386 days ago" says less than "2009-03-02".
const farOff = 7 * 24 * time.Hour

// when renders an instant in UTC followed by how far it is from now, or
// "never" for the zero time; the distance is left out past a week, when
// it would only repeat the date.
func when(t, now time.Time) string {
	if t.IsZero() {
		return "never"
	}
	if far(t, now) {
		return t.UTC().Format(utcLayout)
	}
	return t.UTC().Format(utcLayout) + " (" + relative(t, now) + ")"
}

// far reports whether t is a week or more away from now.
func far(t, now time.Time) bool {
	d := t.Sub(now)
	return d >= farOff || d <= -farOff
}

// relative says how far t is from now in rough words: "in 5 min", "3 h
// ago", "6 days ago"; a week or more away, the date (UTC); "never" for
// the zero time.
func relative(t, now time.Time) string {
	if t.IsZero() {
		return "never"
	}
	if far(t, now) {
		return t.UTC().Format(dateLayout)
	}
	d := t.Sub(now)
	ago := d < 0
	if ago {
		d = -d
	}
	var span string
	switch {
	case d < time.Minute:
		return "now"
	case d < time.Hour:
		span = fmt.Sprintf("%d min", int(d/time.Minute))
	case d < 48*time.Hour:
		span = fmt.Sprintf("%d h", int(d/time.Hour))
	default:
		span = fmt.Sprintf("%d days", int(d/(24*time.Hour)))
	}
	if ago {
		return span + " ago"
	}
	return "in " + span
}

// rateWords puts a feed's learned publication rate into rough words, or
// says it is not known yet before the feed's first successful fetch, or
// since when the feed is silent when its silence belies the learned rate
// (vigil.Feed.Silent).
func rateWords(f vigil.Feed, now time.Time) string {
	switch {
	case f.LastSuccess.IsZero():
		return "not known yet"
	case f.Silent(now, vigil.DefaultSilenceEvidence):
		return "silent since " + f.LastItem.UTC().Format(dateLayout)
	}
	if m := modelsOf(f); m != nil && !m.RateShown() {
		return fmt.Sprintf("not known yet (%d of %d checks)", m.Checks(), policy.MinPageChecks)
	}
	return perPeriod(f.Rate)
}

// modelsOf decodes f's models, or returns nil when it has none or they
// cannot be read (the planner logs that).
func modelsOf(f vigil.Feed) *policy.Models {
	if len(f.Model) == 0 {
		return nil
	}
	m, err := policy.UnmarshalModels(f.Model)
	if err != nil {
		return nil
	}
	return m
}

// perPeriod says roughly how many items arrive at perHour items per hour,
// counted in the period that gives a whole number: "about 2.5 an hour",
// "about 1 a day", "about 3 a week".
func perPeriod(perHour float64) string {
	perDay := perHour * 24
	switch {
	case math.IsNaN(perHour) || perHour <= 0:
		return "none seen yet"
	case perHour >= 10:
		return fmt.Sprintf("about %.0f an hour", math.Round(perHour))
	case perHour >= 1:
		return "about " + strconv.FormatFloat(math.Round(perHour*10)/10, 'f', -1, 64) + " an hour"
	case perDay >= 0.5:
		return fmt.Sprintf("about %.0f a day", math.Round(perDay))
	case perDay*7 >= 0.5:
		return fmt.Sprintf("about %.0f a week", math.Round(perDay*7))
	case perDay*30 >= 0.5:
		return fmt.Sprintf("about %.0f a month", math.Round(perDay*30))
	default:
		return "less than 1 a month"
	}
}

// feedLabel is a short name for the feed beside its items: its title, or
// the host of its URL while it has none.
func feedLabel(f vigil.Feed) string {
	if f.Title != "" {
		return f.Title
	}
	if u, err := url.Parse(f.URL); err == nil && u.Host != "" {
		return u.Host
	}
	return f.URL
}

// feedBadge names the state shown for a feed, as vigil.Feed.State decides
// it for every interface.
func feedBadge(f vigil.Feed) string { return string(f.State()) }

// feedProblem says in words what went wrong with the feed's last fetch, or
// returns "" when nothing did.
func feedProblem(f vigil.Feed) string {
	var what string
	switch {
	case f.LastError != "":
		what = f.LastError
	case f.LastStatus >= 400:
		what = fmt.Sprintf("the server answered %d %s", f.LastStatus, http.StatusText(f.LastStatus))
	default:
		return ""
	}
	if f.Failures > 1 && !f.FailingSince.IsZero() {
		what += fmt.Sprintf(" (%d failed fetches in a row since %s)", f.Failures, f.FailingSince.UTC().Format(utcLayout))
	}
	return what
}

// itemTime is when an item was published, else when vigil first saw it.
func itemTime(it vigil.Item) time.Time {
	if !it.Published.IsZero() {
		return it.Published
	}
	return it.Seen
}

// noiseKind says in words what kind of noise item was learned.
func noiseKind(kind string) string {
	switch kind {
	case change.NoiseBlock:
		return "block changing at nearly every fetch"
	case change.NoiseNumbers:
		return "numbers and dates changing at nearly every fetch in"
	case change.NoiseValues:
		return "block alternating among a few values"
	case change.NoiseParam:
		return "link parameter rotating behind the same anchor text"
	}
	return kind
}
