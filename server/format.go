package server

import (
	"fmt"
	"html/template"
	"net/http"
	"strconv"
	"time"

	"vigil"
)

// funcs returns the functions the page templates use to put values into words.
func (s *Server) funcs() template.FuncMap {
	return template.FuncMap{
		"when":     func(t time.Time) string { return when(t, s.now()) },
		"number":   func(f float64) string { return strconv.FormatFloat(f, 'g', 4, 64) },
		"rate":     func(f float64) string { return strconv.FormatFloat(f, 'f', 2, 64) },
		"latency":  func(d time.Duration) string { return d.Round(time.Millisecond).String() },
		"feedName": feedName,
		"problem":  feedProblem,
		"itemTime": itemTime,
	}
}

// when renders an instant in UTC followed by how far it is from now, or
// "never" for the zero time.
func when(t, now time.Time) string {
	if t.IsZero() {
		return "never"
	}
	return t.UTC().Format("2006-01-02 15:04 UTC") + " (" + relative(t, now) + ")"
}

// relative says how far t is from now in rough words: "in 5 min", "3 h ago".
func relative(t, now time.Time) string {
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

// feedName is the feed's title, or its URL while it has none.
func feedName(f vigil.Feed) string {
	if f.Title != "" {
		return f.Title
	}
	return f.URL
}

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
		what += fmt.Sprintf(" (%d failed fetches in a row since %s)", f.Failures, f.FailingSince.UTC().Format("2006-01-02 15:04 UTC"))
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
