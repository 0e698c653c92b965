package web

import (
	"context"
	"fmt"
	"html/template"
	"math"
	"net/http"
	"time"

	"vigil"
	"vigil/chart"
	"vigil/plan"
	"vigil/policy"
	"vigil/server/internal/reading"
	"vigil/store"
)

// dashboardHours is how far back the dashboard's hourly charts reach.
const dashboardHours = 48

// dashFeed is one feed of the dashboard's delay table.
type dashFeed struct {
	Feed       vigil.Feed
	Followed   bool    // the visitor follows it, so it may be named
	PerDay     float64 // learned new items per day; 0 for a page
	Page       bool    // a watched page: its changes are no items
	Fetches    int     // fetches in the last 24 hours
	MeanDelay  time.Duration
	NoEstimate bool // nothing learned yet, or no fetch in the last day
}

// dashboardView is the data of the dashboard page.
type dashboardView struct {
	base
	Charts        []template.HTML
	BudgetPerHour int
	UsedLastHour  int
	Feeds         int // feeds someone follows
	// Unfollowed counts the feeds nobody follows any more: kept, never
	// fetched, and left out of Feeds, States and the failing feeds.
	Unfollowed    int
	States        map[vigil.FeedState]int
	Failing       []vigil.Feed // failing feeds the visitor follows
	FailingOthers int          // failing feeds only others follow
	Delays        []dashFeed   // the visitor's feeds
	// InstallDelay is the expected delay of a new item over every feed,
	// weighted by readers (Sia & Cho, Theorem 1); zero when unknown.
	InstallDelay time.Duration
}

// DashboardPage shows the whole install: budget used per hour against the
// limit, fetches per hour, delay estimates and failing sources. Feeds the
// visitor does not follow are counted but never named.
func (s *Handlers) DashboardPage(w http.ResponseWriter, r *http.Request, sess *session) error {
	view, err := s.dashboard(r.Context(), sess)
	if err != nil {
		return err
	}
	s.render(w, r, http.StatusOK, "dashboard.html", view)
	return nil
}

// dashboard gathers the dashboard of the install for the visitor.
func (s *Handlers) dashboard(ctx context.Context, sess *session) (dashboardView, error) {
	now := s.now()
	feeds, err := s.st.Feeds(ctx)
	if err != nil {
		return dashboardView{}, err
	}
	subs, err := s.st.Subscriptions(ctx, sess.User.ID)
	if err != nil {
		return dashboardView{}, err
	}
	mine := map[int64]bool{}
	for _, sub := range subs {
		mine[sub.Feed.ID] = true
	}
	weights, err := s.feedWeights(ctx)
	if err != nil {
		return dashboardView{}, err
	}
	view := dashboardView{base: sess.base("Dashboard"), BudgetPerHour: s.budgetPerHour, States: map[vigil.FeedState]int{}}
	counts, err := s.st.FetchHours(ctx, now, dashboardHours)
	if err != nil {
		return dashboardView{}, err
	}
	hours := newHourly(dashboardHours)
	lastDay := hours.add(counts)
	var srcs []plan.Source
	var fetches []int
	for _, f := range feeds {
		if weights[f.ID] == 0 {
			view.Unfollowed++
			continue
		}
		view.Feeds++
		view.noteState(f, mine[f.ID])
		df := delayOf(f, lastDay[f.ID], s.log)
		if mine[f.ID] {
			df.Followed = true
			view.Delays = append(view.Delays, df)
		}
		if !df.Page { // the expected delay is of feeds' items
			srcs = append(srcs, plan.Source{Weight: weights[f.ID], Rate: df.PerDay})
			fetches = append(fetches, df.Fetches)
		}
	}
	view.UsedLastHour = hours.lastHour
	view.InstallDelay = installDelay(srcs, fetches)
	view.Charts, err = hours.charts(s.budgetPerHour)
	return view, err
}

// noteState counts f's state and keeps it when it fails.
func (v *dashboardView) noteState(f vigil.Feed, followed bool) {
	st := f.State()
	v.States[st]++
	if st == vigil.StateFailing || st == vigil.StateBroken || st == vigil.StateGone {
		if followed {
			v.Failing = append(v.Failing, f)
		} else {
			v.FailingOthers++
		}
	}
}

// feedWeights sums the readers' weights of every feed.
func (s *Handlers) feedWeights(ctx context.Context) (map[int64]float64, error) {
	readers, err := s.st.Readers(ctx)
	if err != nil {
		return nil, err
	}
	w := map[int64]float64{}
	for _, r := range readers {
		w[r.FeedID] += r.Weight
	}
	return w, nil
}

// delayOf estimates the mean delay of f's new items: with m fetches a day
// evenly spaced, an item waits half an interval on average, T/(2m) (Sia &
// Cho, Theorem 1 for one source, whatever its rate). m is fetches, the
// feed's fetches of the last 24 hours.
func delayOf(f vigil.Feed, fetches int, log interface {
	Warn(string, ...any)
}) dashFeed {
	df := dashFeed{Feed: f, Fetches: fetches}
	if len(f.Model) > 0 {
		if m, err := policy.UnmarshalModels(f.Model); err == nil && m.Page {
			df.Page = true // a rate of changes, not of items
		} else if err == nil {
			df.PerDay = m.RatePerDay()
		} else {
			log.Warn("server: unable to read a feed's models for the dashboard", "feed", f.ID, "err", err)
		}
	}
	if df.Fetches == 0 || len(f.Model) == 0 {
		df.NoEstimate = true
		return df
	}
	df.MeanDelay = time.Duration(float64(24*time.Hour) / float64(2*df.Fetches))
	return df
}

// installDelay is the expected delay of a new item over all sources,
// D(A)·T / Σ w·λ with D(A) of Sia & Cho, Theorem 1; zero when no source
// has a learned rate, or some source with items had no fetch.
func installDelay(srcs []plan.Source, counts []int) time.Duration {
	var total float64
	var keep []plan.Source
	var m []int
	for i, src := range srcs {
		if src.Weight*src.Rate > 0 && counts[i] > 0 {
			keep, m = append(keep, src), append(m, counts[i])
			total += src.Weight * src.Rate
		}
	}
	if total == 0 {
		return 0
	}
	d, err := plan.ExpectedDelay(keep, m)
	if err != nil || math.IsInf(d, 0) {
		return 0
	}
	return time.Duration(d / total * float64(24*time.Hour))
}

// hourly counts fetches per hour over the last n hours before now, oldest
// first. The hours slide with now (the last one is the hour before now, as
// the budget counts), so the last 24 of them are exactly the day the delay
// estimates count.
type hourly struct {
	fetches, failed, itemsN []int
	// lastHour counts the fetches of the sliding hour before now, as the
	// budget does.
	lastHour int
}

// newHourly prepares n hourly buckets ending with now.
func newHourly(n int) *hourly {
	return &hourly{fetches: make([]int, n), failed: make([]int, n), itemsN: make([]int, n)}
}

// add counts the store's per-feed hourly counts into the buckets and
// returns each feed's fetches of the last 24 hours.
func (h *hourly) add(counts []store.FetchHour) map[int64]int {
	n := len(h.fetches)
	day := map[int64]int{}
	for _, c := range counts {
		if c.Ago < 0 || c.Ago >= n {
			continue
		}
		i := n - 1 - c.Ago
		h.fetches[i] += c.Fetches
		h.failed[i] += c.Failed
		h.itemsN[i] += c.NewItems
		if c.Ago == 0 {
			h.lastHour += c.Fetches
		}
		if c.Ago < 24 {
			day[c.FeedID] += c.Fetches
		}
	}
	return day
}

// charts draws the budget chart and the new-items chart.
func (h *hourly) charts(budget int) ([]template.HTML, error) {
	n := len(h.fetches)
	pts := func(v []int) []chart.Point {
		out := make([]chart.Point, len(v))
		for i, x := range v {
			out[i] = chart.Point{X: float64(i - n + 1), Y: float64(x)}
		}
		return out
	}
	fetches := &chart.Chart{
		Title: "Fetches per hour", XLabel: "hours before now", YLabel: "fetches",
		Width: reading.ChartWidth, Height: reading.ChartHeight, XMin: float64(-n), XMax: 0, XStep: 6,
		Series: []chart.Series{{Name: "fetches (budget used)", Points: pts(h.fetches)}, {Name: "failed", Points: pts(h.failed)}},
		Alt:    fmt.Sprintf("Fetches per hour over the last %d hours, %d in the last hour, and how many failed.", n, h.fetches[n-1]),
	}
	if budget > 0 {
		fetches.Series = append(fetches.Series, chart.Series{Name: "budget limit", Dashed: true,
			Points: []chart.Point{{X: float64(1 - n), Y: float64(budget)}, {X: 0, Y: float64(budget)}}})
		fetches.Alt += fmt.Sprintf(" The limit is %d fetches an hour.", budget)
	}
	items := &chart.Chart{
		Title: "New items per hour", XLabel: "hours before now", YLabel: "new items",
		Width: reading.ChartWidth, Height: reading.ChartHeight, XMin: float64(-n), XMax: 0, XStep: 6,
		Series: []chart.Series{{Name: "new items found", Points: pts(h.itemsN)}},
		Alt:    fmt.Sprintf("New items found per hour over the last %d hours.", n),
	}
	var out []template.HTML
	for _, c := range []*chart.Chart{fetches, items} {
		svg, err := c.SVG()
		if err != nil {
			return nil, err
		}
		out = append(out, template.HTML(svg))
	}
	return out, nil
}
