package change

import (
	"testing"
	"time"
)

// TestPaulAndClaire replays Glance et al.'s example (§3.1.1): Paul and
// Claire watch company X's job openings, Paul daily and Claire weekly. A
// new posting appears; Paul sees it the next day and rates it important.
// Claire's weekly group sees one change over that week and a summary of
// the daily group's evaluations: with it Claire, whose threshold is
// significant, is told of the change; without anyone's rating she would
// be told of it anyway (the agent alone), and had Paul rated it negligible
// she would not.
func TestPaulAndClaire(t *testing.T) {
	cal := Calendar{}
	mon := time.Date(2000, 4, 10, 9, 0, 0, 0, time.UTC)
	// Daily fetches over two weeks; the posting appears on Wednesday (v2).
	var fetches []Fetch
	for d := range 14 {
		v := int64(1)
		if d >= 2 {
			v = 2
		}
		fetches = append(fetches, Fetch{Time: mon.AddDate(0, 0, d), Version: v})
	}
	daily := Steps(cal.References(fetches, Daily))
	weekly := Steps(cal.References(fetches, Weekly))
	if len(daily) != 1 || len(weekly) != 1 {
		t.Fatalf("daily steps %v, weekly steps %v: want one each", daily, weekly)
	}
	if !cal.SamePeriod(daily[0].To.Period, weekly[0].From.Period, Weekly) {
		t.Fatalf("Paul's change (%v) is not inside the week Claire's change covers", daily[0].To.Period)
	}
	tests := []struct {
		name string
		paul []Rating
		told bool
	}{
		{"Paul rates it important", []Rating{{Severity: Important, Comment: "a new job posting"}}, true},
		{"nobody rated it", nil, true},
		{"Paul rates it negligible", []Rating{{Severity: Negligible}}, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			paul := Combine(tt.paul, DefaultWeights())
			summary := Daily.Summarize([]Combined{paul})
			var claire []Rating
			if r, ok := summary.Rating(1); ok {
				claire = append(claire, r)
			}
			combined := Combine(claire, DefaultWeights())
			if got := Notify(Significant, combined.Severity, len(claire) > 0); got != tt.told {
				t.Errorf("Claire told: %v, want %v (summary %q)", got, tt.told, summary.Text)
			}
		})
	}
}
