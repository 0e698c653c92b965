package policy

import (
	"fmt"

	"vigil"
)

// SetChangeRate replaces the level of a page's learned rate with perHour,
// the change rate estimated from change-only observations (Cho &
// Garcia-Molina's estimator, estimate.ChangeRateIrregular). A page fetch
// only tells whether the page changed, never how many times: the models'
// count of one change per changed fetch undercounts a page that changes
// more often than it is fetched, which the estimator corrects. The daily
// and weekly shapes keep what Observe taught them. The models are marked
// as a page's (Models.Page), which the planners read.
func (l *Live) SetChangeRate(f *vigil.Feed, perHour float64) error {
	m := l.models(f)
	m.EWMA.Rate, m.Page = perHour, true
	b, err := m.Marshal()
	if err != nil {
		return fmt.Errorf("policy: unable to encode models of page %d: %w", f.ID, err)
	}
	f.Model, f.Rate = b, perHour
	return nil
}
