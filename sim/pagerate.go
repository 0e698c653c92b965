package sim

import (
	"time"

	"vigil/estimate"
	"vigil/policy"
)

// maxPageChecks bounds the change checks a page's rate is estimated from,
// as the live monitor bounds them.
const maxPageChecks = 200

// pageRates keeps each page's change checks (the interval since the
// previous fetch and whether the page changed) and sets the models' rate
// to the change rate they give (Cho & Garcia-Molina's maximum-likelihood
// estimator for irregular checks, estimate.ChangeRateIrregular), as
// policy.Live.SetChangeRate does live: a page fetch tells that the page
// changed, never how many times, so counting one change per changed fetch
// would undercount a page that changes more often than it is fetched.
type pageRates struct {
	checks [][]estimate.ChangeCheck
	last   []time.Time
}

// newPageRates returns the trackers of n pages.
func newPageRates(n int) *pageRates {
	return &pageRates{checks: make([][]estimate.ChangeCheck, n), last: make([]time.Time, n)}
}

// observe records page i's fetch at at, marks its models as a page's and
// updates their rate. The first fetch only starts the series.
func (p *pageRates) observe(i int, s *policy.Source, at time.Time, changed bool) {
	s.Models.Page = true
	prev := p.last[i]
	p.last[i] = at
	if prev.IsZero() || !at.After(prev) {
		return
	}
	c := append(p.checks[i], estimate.ChangeCheck{Interval: at.Sub(prev), Changed: changed})
	if len(c) > maxPageChecks {
		c = c[len(c)-maxPageChecks:]
	}
	p.checks[i] = c
	if r, err := estimate.ChangeRateIrregular(c); err == nil {
		s.Models.EWMA.Rate = r.Rate
	}
}
