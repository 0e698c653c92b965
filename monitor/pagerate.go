package monitor

import (
	"time"

	"vigil"
	"vigil/estimate"
)

// changeRater is a planner that takes a page's change rate (policy.Live).
type changeRater interface {
	SetChangeRate(f *vigil.Feed, perHour float64) error
}

// maxChecks bounds the fetches a page's change rate is estimated from.
const maxChecks = 200

// changeChecks turns a page's observations (newest first) and the fetch
// now ending at at into change checks, oldest first: the interval since the
// previous successful fetch and whether a change was stored. Failed fetches
// are skipped; the first successful fetch only starts the series.
func changeChecks(obs []vigil.Observation, at time.Time, changed bool) []estimate.ChangeCheck {
	var (
		checks []estimate.ChangeCheck
		prev   time.Time
	)
	for i := len(obs) - 1; i >= 0; i-- {
		o := obs[i]
		if !succeeded(o) {
			continue
		}
		if !prev.IsZero() && o.At.After(prev) {
			checks = append(checks, estimate.ChangeCheck{Interval: o.At.Sub(prev), Changed: o.NewItems > 0})
		}
		prev = o.At
	}
	if !prev.IsZero() && at.After(prev) {
		checks = append(checks, estimate.ChangeCheck{Interval: at.Sub(prev), Changed: changed})
	}
	return checks
}

// succeeded tells a fetch that read the page (or heard 304) from a failure.
func succeeded(o vigil.Observation) bool {
	return o.Error == "" && (o.NotModified || (o.Status >= 200 && o.Status < 300))
}

// pageChangeRate is the maximum-likelihood change rate per hour of the
// checks (Cho & Garcia-Molina, irregular access), or false when there is no
// check yet. When every check saw a change the estimator's finite stand-in
// is used: the page changes at least about as often as it is fetched.
func pageChangeRate(checks []estimate.ChangeCheck) (float64, bool) {
	if len(checks) == 0 {
		return 0, false
	}
	r, err := estimate.ChangeRateIrregular(checks)
	if err != nil {
		return 0, false
	}
	return r.Rate, true
}
