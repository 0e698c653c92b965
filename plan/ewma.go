package plan

import (
	"fmt"
	"time"

	"vigil"
	"vigil/estimate"
)

// EWMA is the monitor's simple planner: each feed's rate is learned by
// exponential smoothing of new items per hour (Horincar et al. §4.1, see
// estimate.EWMA), and the next fetch comes when one new item is expected,
// 1/λ after the fetch, within Bounds. A feed with no learned rate yet waits
// Bounds.Max.
type EWMA struct {
	Alpha  float64 // smoothing constant; 0 means estimate.DefaultAlpha
	Bounds Bounds
	// ZeroStart starts models at λ = 0 as the paper does, instead of seeding
	// them from the first interval and the first fetch's item dates.
	ZeroStart bool
}

// Name returns "ewma".
func (p *EWMA) Name() string { return "ewma" }

// Observe updates the feed's smoothed rate with the fetch's new items.
func (p *EWMA) Observe(f *vigil.Feed, o vigil.Observation, items []vigil.Item) error {
	m, err := p.model(f)
	if err != nil {
		return err
	}
	if m.Last.IsZero() {
		m.Start(o.At, publishedDates(items))
	} else {
		m.Observe(o.At, o.NewItems)
	}
	b, err := m.MarshalModel()
	if err != nil {
		return fmt.Errorf("plan: unable to encode model of feed %d: %w", f.ID, err)
	}
	f.Model, f.Rate = b, m.Rate
	return nil
}

// Next returns now plus the expected time to one new item, clamped to Bounds.
func (p *EWMA) Next(f *vigil.Feed, now time.Time) time.Time {
	m, err := p.model(f)
	if err != nil {
		return now.Add(p.Bounds.Max)
	}
	d, ok := m.TimeTo(1)
	if !ok {
		return now.Add(p.Bounds.Max)
	}
	return now.Add(p.Bounds.Clamp(d))
}

// model decodes the feed's stored model, or starts a new one. A stored
// model of another policy (after a configuration change) is replaced.
func (p *EWMA) model(f *vigil.Feed) (*estimate.EWMA, error) {
	alpha := p.Alpha
	if alpha == 0 {
		alpha = estimate.DefaultAlpha
	}
	if len(f.Model) > 0 {
		if m, err := estimate.UnmarshalEWMA(f.Model); err == nil {
			m.Alpha = alpha
			return m, nil
		}
	}
	m := estimate.NewEWMA(alpha)
	m.Seeded = !p.ZeroStart
	return m, m.Validate()
}

func publishedDates(items []vigil.Item) []time.Time {
	ds := make([]time.Time, 0, len(items))
	for _, it := range items {
		ds = append(ds, it.Published)
	}
	return ds
}
