package change

import (
	"fmt"
	"strings"
)

// GroupSummary is what a less frequent group learns of the evaluations of
// the group below it over one of its periods (Glance et al. §3.1.1: the
// weekly group is informed by a summary of the daily group's evaluations,
// the monthly by the weekly's).
type GroupSummary struct {
	// From is the group summarised.
	From Frequency `json:"from"`
	// Changes is how many changes the lower group saw; Rated how many of
	// them someone rated.
	Changes int `json:"changes"`
	Rated   int `json:"rated"`
	// Counts holds how many rated changes combined to each level,
	// indexed by Severity.
	Counts [4]int `json:"counts"`
	// Level is the highest combined level among the rated changes: a week
	// that held an important change held an important change. Unknown
	// when none was rated.
	Level Severity `json:"level"`
	// Text says the summary in words.
	Text string `json:"text"`
}

// Summarize summarises the lower group's combined evaluations of the
// changes inside one period of the upper group.
func (f Frequency) Summarize(lower []Combined) GroupSummary {
	s := GroupSummary{From: f, Changes: len(lower)}
	for _, c := range lower {
		if c.Ratings == 0 || c.Severity == Unknown {
			continue
		}
		s.Rated++
		s.Counts[c.Severity]++
		s.Level = max(s.Level, c.Severity)
	}
	s.Text = s.words()
	return s
}

// words renders the summary: "daily group: 3 changes, 2 rated (1
// important, 1 negligible)".
func (s GroupSummary) words() string {
	t := fmt.Sprintf("%s group: %d change%s, %d rated", s.From, s.Changes, plural(s.Changes), s.Rated)
	var parts []string
	for _, l := range []Severity{Important, Significant, Negligible} {
		if s.Counts[l] > 0 {
			parts = append(parts, fmt.Sprintf("%d %s", s.Counts[l], l))
		}
	}
	if len(parts) > 0 {
		t += " (" + strings.Join(parts, ", ") + ")"
	}
	return t
}

// Rating turns the summary into a rating for the upper group's change,
// weighted by weight (0 counts as 1), or reports false when nothing was
// rated below. The upper group's Combine takes it with its own ratings.
func (s GroupSummary) Rating(weight float64) (Rating, bool) {
	if s.Level == Unknown {
		return Rating{}, false
	}
	return Rating{Severity: s.Level, Comment: s.Text, Weight: weight}, true
}

// plural returns "s" unless n is 1.
func plural(n int) string {
	if n == 1 {
		return ""
	}
	return "s"
}
