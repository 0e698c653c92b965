package reading

import (
	"fmt"
	"time"

	"vigil"
	"vigil/chart"
	"vigil/estimate"
	"vigil/plan"
	"vigil/policy"
)

// Chart kinds of a feed, the values of chart.svg's kind parameter.
const (
	chartDaily        = "daily"
	chartWeekly       = "weekly"
	chartObservations = "observations"
)

// chartKinds lists the feed chart kinds in the order the feed page shows them.
var chartKinds = []string{chartDaily, chartWeekly, chartObservations}

// Shape of the feed charts: sized to fit a page column, scaled down by CSS
// on a phone (the viewBox keeps them sharp).
const (
	ChartWidth      = 760
	ChartHeight     = 330
	observationDays = 14
	minutesPerDay   = 1440
	// planSlot is the resolution of the planned fetch times, in minutes:
	// five, the shortest interval vigil fetches a feed at by default, so
	// that a feed fetched at that pace still gets one fetch per slot.
	// Placing on 288 slots rather than 1440 keeps a busy feed's page fast
	// (Pattern.Place grows with slots × fetches); 5 minutes is under 3 px
	// of the chart.
	planSlot         = 5
	weekHours        = 168
	maxChartFetches  = observationDays * 24 * 12 // five-minute fetches for 14 days
	chartStoredMarks = "next fetch (stored)"
)

// feedChartData is what the charts of one feed are drawn from.
type feedChartData struct {
	Feed vigil.Feed
	// Models are the feed's learned models; nil before its first fetch.
	Models *policy.Models
	// Access is the feed's readers' access pattern, weighted by their
	// weights (Sia et al. §3.3), which the planned fetch times are placed
	// for; nil when no reader has been seen.
	Access *estimate.Access
	// Own is the visitor's own access pattern, the one the charts draw;
	// nil when they have not visited.
	Own *estimate.Access
	// Planner lists the running plan's fetches; nil when the server runs
	// no planner, and the planned fetches are then placed as Placement
	// says (plannedMinutes).
	Planner FetchPlanner
	// Placement is how the planned fetches are placed without a planner.
	Placement placement
	// Observations are the feed's fetches, newest first.
	Observations []vigil.Observation
	Now          time.Time
}

// feedChart returns the chart of the given kind; an unknown kind is an
// invalid request.
func feedChart(d feedChartData, kind string) (*chart.Chart, error) {
	switch kind {
	case chartDaily:
		return dailyChart(d)
	case chartWeekly:
		return weeklyChart(d), nil
	case chartObservations:
		return observationsChart(d), nil
	}
	return nil, vigil.Errorf(vigil.EINVALID, "unknown chart kind %q; choose daily, weekly or observations", kind)
}

// dailyChart draws the learned daily publication pattern beside the
// visitor's own access pattern, each as its share of the day per UTC hour, with
// the fetch times planned for the next day over them.
func dailyChart(d feedChartData) (*chart.Chart, error) {
	pub := make([]float64, 24)
	if d.Models != nil {
		pub = d.Models.Hourly()
	}
	c := &chart.Chart{
		Title: "Daily pattern", XLabel: "hour of the day", XUnit: "UTC", YLabel: "share of the day", YUnit: "%",
		Width: ChartWidth, Height: ChartHeight, XMin: 0, XMax: 24, XStep: 3,
		Series: []chart.Series{{Name: "new items", Points: hourShares(pub, 0)}},
	}
	if d.Own != nil {
		c.Series = append(c.Series, chart.Series{Name: "your visits", Dashed: true, Points: hourShares(d.Own.Daily, 0)})
	}
	marks, words, err := plannedMarks(d, pub)
	if err != nil {
		return nil, err
	}
	c.Marks = append(c.Marks, marks...)
	if next := d.Feed.NextFetch; !next.IsZero() && next.After(d.Now) && next.Sub(d.Now) < 24*time.Hour {
		c.Marks = append(c.Marks, chart.Mark{X: hourOfDay(next), Name: chartStoredMarks, Solid: true})
	}
	c.Alt = fmt.Sprintf("When %s publishes and when you look, by hour of the day (UTC): %s. %s.",
		FeedName(d.Feed), busiestWords(pub, d.Own), words)
	return c, nil
}

// weeklyChart draws the learned weekly publication pattern beside the
// visitor's weekly access pattern, per hour of the week from Monday.
func weeklyChart(d feedChartData) *chart.Chart {
	pub := make([]float64, weekHours)
	if d.Models != nil && len(d.Models.Weekly.Rates) == weekHours {
		pub = d.Models.Weekly.Rates
	}
	c := &chart.Chart{
		Title: "Weekly pattern", XLabel: "hours from Monday 00:00", XUnit: "UTC", YLabel: "share of the week", YUnit: "%",
		Width: ChartWidth, Height: ChartHeight, XMin: 0, XMax: weekHours, XStep: 24,
		Series: []chart.Series{{Name: "new items", Points: hourShares(pub, 0)}},
	}
	if d.Own != nil {
		c.Series = append(c.Series, chart.Series{Name: "your visits", Dashed: true, Points: hourShares(d.Own.Weekly, 0)})
	}
	c.Alt = fmt.Sprintf("When %s publishes over the week, by hour from Monday 00:00 UTC (ticks every 24 hours, one a day).", FeedName(d.Feed))
	return c
}

// observationsChart draws the fetches of the last 14 days: the new items
// each successful fetch found, and each failed fetch at zero.
func observationsChart(d feedChartData) *chart.Chart {
	var found, failed []chart.Point
	from := d.Now.Add(-observationDays * 24 * time.Hour)
	for _, o := range d.Observations {
		if o.At.Before(from) || o.At.After(d.Now) {
			continue
		}
		x := -d.Now.Sub(o.At).Hours() / 24
		if failedFetch(o) {
			failed = append(failed, chart.Point{X: x, Y: 0})
		} else {
			found = append(found, chart.Point{X: x, Y: float64(o.NewItems)})
		}
	}
	c := &chart.Chart{
		Title: "Fetches of the last 14 days", XLabel: "days before now", YLabel: "new items found",
		Width: ChartWidth, Height: ChartHeight, XMin: -observationDays, XMax: 0, XStep: 2,
		Series: []chart.Series{
			{Name: "fetch (new items)", Scatter: true, Points: found},
			{Name: "failed fetch", Scatter: true, Points: failed},
		},
	}
	c.Alt = fmt.Sprintf("%d fetches of %s in the last 14 days, %d of them failed.", len(found)+len(failed), FeedName(d.Feed), len(failed))
	return c
}

// failedFetch reports whether a fetch failed: no answer, an error, or an
// HTTP error status.
func failedFetch(o vigil.Observation) bool {
	return o.Error != "" || o.Status == 0 && !o.NotModified || o.Status >= 400
}

// hourShares turns per-slot rates into points at the middle of each slot,
// as percentages of their sum (all zero when the sum is zero).
func hourShares(rates []float64, offset float64) []chart.Point {
	total := 0.0
	for _, r := range rates {
		total += r
	}
	pts := make([]chart.Point, len(rates))
	for i, r := range rates {
		y := 0.0
		if total > 0 {
			y = r / total * 100
		}
		pts[i] = chart.Point{X: offset + float64(i) + 0.5, Y: y}
	}
	return pts
}

// plannedMinutes places the fetches of the next day, in minutes after
// midnight UTC, and returns how many. The count is the number of fetches
// the feed got in the last 24 hours (at least one): the share of the
// budget it is getting now. It serves only when the server is given no
// planner (d.Planner, which lists the running plan's own fetches): it
// places them as the policy would (d.Placement): for the
// default combined policy, the delay-optimal placement (Sia & Cho,
// Theorems 2-3) over the learned daily pattern, each hour's rate spread
// evenly over its five-minute slots (planSlot). A feed with no learned rate
// is fetched evenly, as the policies do.
func plannedMinutes(d feedChartData, hourly []float64) ([]int, int, error) {
	m := 0
	for _, o := range d.Observations {
		if d.Now.Sub(o.At) < 24*time.Hour && !o.At.After(d.Now) {
			m++
		}
	}
	slots := minutesPerDay / planSlot
	m = min(max(m, 1), slots)
	rates := make([]float64, slots)
	total := 0.0
	for i := range rates {
		rates[i] = hourly[i*planSlot/60] * planSlot / 60
		total += rates[i]
	}
	var placed []int
	var err error
	switch {
	case total == 0 || d.Placement == placeEvenly:
		placed, err = plan.UniformSlots(slots, m, 0)
	case d.Placement == placeForVisits && d.Access != nil && d.Access.Rate > 0:
		placed, err = placeForMisses(rates, d.Access, m)
	default:
		placed, err = placeForDelay(rates, m)
	}
	if err != nil {
		return nil, 0, fmt.Errorf("server: unable to place the planned fetches: %w", err)
	}
	minutes := make([]int, len(placed))
	for i, sl := range placed {
		minutes[i] = sl * planSlot
	}
	return minutes, m, nil
}

// placement is how a policy places a feed's fetches over the day.
type placement int

// Placements of the refresh policies.
const (
	placeByDelay   placement = iota // delay-optimal (Sia & Cho, Theorems 2-3)
	placeForVisits                  // miss-optimal for the readers' visits (Sia et al., Theorems 1-2)
	placeEvenly                     // evenly spaced
)

// placementFor returns how the named refresh policy places fetches, as
// package policy defines them: user places for its readers' visits,
// uniform and alloc evenly, and every other policy (combined, place, and
// those that do not plan a day ahead, whose next fetch the charts still
// show) for delay.
func placementFor(policy string) placement {
	switch policy {
	case "user":
		return placeForVisits
	case "uniform", "alloc":
		return placeEvenly
	}
	return placeByDelay
}

// placeForDelay places m fetches over the slots' rates to minimise the
// expected delay of new items.
func placeForDelay(rates []float64, m int) ([]int, error) {
	pat, err := plan.NewDelayPattern(rates)
	if err != nil {
		return nil, err
	}
	sch, err := pat.Place(m)
	return sch.Slots, err
}

// placeForMisses places m fetches over the slots' rates to minimise the
// new items the readers' visits miss.
func placeForMisses(rates []float64, access *estimate.Access, m int) ([]int, error) {
	visits := make([]float64, len(rates))
	per := len(rates) / 24
	for i := range visits {
		visits[i] = access.Daily[i/per] / float64(per)
	}
	pat, err := plan.NewMissPattern(rates, visits)
	if err != nil {
		return nil, err
	}
	sch, err := pat.Place(m)
	return sch.Slots, err
}

// hourOfDay is t's time of day in fractional UTC hours.
func hourOfDay(t time.Time) float64 {
	t = t.UTC()
	return float64(t.Hour()) + float64(t.Minute())/60 + float64(t.Second())/3600
}

// busiestWords names the busiest hour of publication and of visits.
func busiestWords(pub []float64, access *estimate.Access) string {
	words := "no daily rhythm learned yet"
	if h, ok := busiest(pub); ok {
		words = fmt.Sprintf("most new items around %02d:00", h)
	}
	if access != nil {
		if h, ok := busiest(access.Daily); ok {
			words += fmt.Sprintf(", you visit most around %02d:00", h)
		}
	}
	return words
}

// busiest returns the index of the largest rate; false when no rate is
// positive or all are equal, when there is no rhythm to name.
func busiest(rates []float64) (int, bool) {
	best, flat := 0, true
	for i, r := range rates {
		if r != rates[0] {
			flat = false
		}
		if r > rates[best] {
			best = i
		}
	}
	return best, !flat && rates[best] > 0
}

// plannedWords lists the planned fetch times.
func plannedWords(minutes []int, m int) string {
	noun := "fetches"
	if m == 1 {
		noun = "fetch"
	}
	s := fmt.Sprintf("%d %s planned a day, at", m, noun)
	for i, min := range minutes {
		if i == 12 {
			return s + " …"
		}
		s += fmt.Sprintf(" %02d:%02d", min/60, min%60)
	}
	return s
}
