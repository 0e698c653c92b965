package reading

import (
	"fmt"
	"time"

	"vigil"
	"vigil/chart"
)

// FetchPlanner lists the fetches the running plan makes of a feed;
// policy.Live, the monitor's planner, is one.
type FetchPlanner interface {
	// PlannedFetches lists the planned fetches of f in [from, to), in order.
	PlannedFetches(f vigil.Feed, from, to time.Time) []time.Time
}

// plannedMarks returns the daily chart's marks of the fetches planned for
// the next day and their words for the text alternative. With a planner
// they are the running plan's own fetches of the next 24 hours; without
// one (a server that runs no monitor) they are estimated (plannedMinutes)
// and the words say so.
func plannedMarks(d feedChartData, pub []float64) ([]chart.Mark, string, error) {
	if d.Planner == nil {
		planned, m, err := plannedMinutes(d, pub)
		if err != nil {
			return nil, "", err
		}
		name := fmt.Sprintf("planned fetches (%d a day)", m)
		marks := make([]chart.Mark, len(planned))
		for i, min := range planned {
			marks[i] = chart.Mark{X: float64(min) / 60, Name: name}
		}
		return marks, plannedWords(planned, m) + " (estimated from the fetches of the last day: this server runs no planner)", nil
	}
	times := d.Planner.PlannedFetches(d.Feed, d.Now, d.Now.Add(24*time.Hour))
	name := fmt.Sprintf("planned fetches (%d in the next 24 h)", len(times))
	marks := make([]chart.Mark, len(times))
	for i, t := range times {
		marks[i] = chart.Mark{X: hourOfDay(t), Name: name}
	}
	return marks, planWords(times), nil
}

// planWords lists the running plan's fetches of the next 24 hours.
func planWords(times []time.Time) string {
	noun := "fetches"
	if len(times) == 1 {
		noun = "fetch"
	}
	s := fmt.Sprintf("%d %s planned in the next 24 hours", len(times), noun)
	for i, t := range times {
		if i == 0 {
			s += ", at"
		}
		if i == 12 {
			return s + " …"
		}
		s += " " + t.UTC().Format("15:04")
	}
	return s
}
