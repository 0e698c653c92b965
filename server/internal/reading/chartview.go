package reading

import (
	"bytes"
	"context"
	"html/template"
	"net/http"
	"slices"
	"time"

	"vigil/estimate"
	"vigil/policy"
)

// feedChartData gathers what the charts of feed id are drawn from, for a
// user who follows it.
func (s *Service) feedChartData(ctx context.Context, userID, id int64) (feedChartData, error) {
	if _, err := s.st.Subscription(ctx, userID, id); err != nil {
		return feedChartData{}, err
	}
	feed, err := s.st.Feed(ctx, id)
	if err != nil {
		return feedChartData{}, err
	}
	obs, err := s.st.Observations(ctx, id, maxChartFetches)
	if err != nil {
		return feedChartData{}, err
	}
	now := s.now()
	d := feedChartData{Feed: *feed, Observations: obs, Now: now, Planner: s.planner, Placement: s.placement}
	if len(feed.Model) > 0 {
		if d.Models, err = policy.UnmarshalModels(feed.Model); err != nil {
			// The charts then show nothing learned; the stored models stay as they are.
			s.log.Warn("server: unable to read a feed's models for its charts", "feed", id, "err", err)
		}
	}
	d.Access, d.Own, err = s.feedAccess(ctx, id, userID)
	return d, err
}

// feedAccess learns the access pattern of feed id's readers as the
// planner does (policy.FeedAccess): each reader's pattern from the last
// policy.AccessWindow of visits (to all their feeds, and to this one
// alone), summed with their weights (Sia et al.
// §3.3, §4.3); nil when none of its readers has visited. It also returns
// the pattern of userID alone, the one the charts show: no user sees when
// others read.
func (s *Service) feedAccess(ctx context.Context, id, userID int64) (all, own *estimate.Access, err error) {
	readers, err := s.st.Readers(ctx)
	if err != nil {
		return nil, nil, err
	}
	now := s.now()
	accesses, err := s.visits(ctx, id, now)
	if err != nil {
		return nil, nil, err
	}
	var patterns []estimate.Access
	var weights []float64
	for _, r := range readers {
		if r.FeedID != id {
			continue
		}
		a, err := estimate.LearnAccess(accesses[r.UserID], time.Time{}, now, policy.AccessWindow)
		if err != nil || a.Rate == 0 {
			continue
		}
		patterns, weights = append(patterns, a), append(weights, r.Weight)
		if r.UserID == userID {
			own = &a
		}
	}
	if len(patterns) == 0 {
		return nil, nil, nil
	}
	sum, err := estimate.SourceAccess(patterns, weights)
	if err != nil {
		return nil, nil, err
	}
	return &sum, own, nil
}

// FeedChartSVG draws the chart of the given kind of feed id.
func (s *Service) FeedChartSVG(ctx context.Context, userID, id int64, kind string) ([]byte, error) {
	d, err := s.feedChartData(ctx, userID, id)
	if err != nil {
		return nil, err
	}
	return drawFeedChart(d, kind)
}

// drawFeedChart draws one chart of d as an SVG document.
func drawFeedChart(d feedChartData, kind string) ([]byte, error) {
	c, err := feedChart(d, kind)
	if err != nil {
		return nil, err
	}
	return c.SVG()
}

// WriteSVG sends an SVG document.
func WriteSVG(w http.ResponseWriter, svg []byte) {
	w.Header().Set("Content-Type", "image/svg+xml")
	w.Header().Set("Content-Security-Policy", "default-src 'none'; frame-ancestors 'none'")
	w.Write(svg)
}

// ChartKind reads the kind parameter, daily by default.
func ChartKind(r *http.Request) string {
	if k := r.URL.Query().Get("kind"); k != "" {
		return k
	}
	return chartDaily
}

// inlineCharts draws every chart of d for embedding in a page, in the
// order of chartKinds. The SVG comes from package chart, which escapes
// every text it writes.
func inlineCharts(d feedChartData) ([]template.HTML, error) {
	out := make([]template.HTML, 0, len(chartKinds))
	for _, kind := range chartKinds {
		svg, err := drawFeedChart(d, kind)
		if err != nil {
			return nil, err
		}
		out = append(out, template.HTML(bytes.TrimSpace(svg)))
	}
	return out, nil
}

// FeedCharts draws the charts of feed id for its page.
func (s *Service) FeedCharts(ctx context.Context, userID, id int64) ([]template.HTML, error) {
	d, err := s.feedChartData(ctx, userID, id)
	if err != nil {
		return nil, err
	}
	return inlineCharts(d)
}

// visits is every user's accesses of the last policy.AccessWindow before
// now, with their looks at feed id alone among them, oldest first.
func (s *Service) visits(ctx context.Context, id int64, now time.Time) (map[int64][]time.Time, error) {
	since := now.Add(-policy.AccessWindow)
	accesses, err := s.st.Accesses(ctx, since)
	if err != nil {
		return nil, err
	}
	looks, err := s.st.FeedLooks(ctx, id, since)
	if err != nil {
		return nil, err
	}
	for _, l := range looks {
		accesses[l.UserID] = append(accesses[l.UserID], l.At)
	}
	for _, ts := range accesses {
		slices.SortFunc(ts, time.Time.Compare)
	}
	return accesses, nil
}
