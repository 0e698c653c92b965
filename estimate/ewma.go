package estimate

import (
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"sort"
	"time"
)

// DefaultAlpha is the smoothing constant used when none is configured; 003
// found the best values in [0.01, 0.2], higher for fresher adaptation.
const DefaultAlpha = 0.1

// EWMA is the single-variable publication model of Horincar et al. §4.1: the
// rate λ of new items per hour, updated after every fetch by exponential
// smoothing,
//
//	λ_{r+1} = α · x_{r+1} / (T_{r+1} − T_r) + (1 − α) · λ_r,
//
// where x_{r+1} is the number of items new since the previous fetch T_r.
//
// Initialisation is a documented choice: the paper starts every model at 0
// and evaluates after a warm-up. A live monitor cannot wait for a warm-up, so
// by default (Seeded) the first observed interval sets λ directly, and the
// item dates of the first fetch, when the feed has them, seed λ even before
// that. Set Seeded to false for the paper's zero start.
type EWMA struct {
	Alpha  float64   `json:"alpha"`
	Rate   float64   `json:"rate"` // items per hour
	Last   time.Time `json:"last"` // time of the last observation, T_r
	N      int       `json:"n"`    // observed intervals so far
	Seeded bool      `json:"seeded"`
}

// NewEWMA returns a seeded model with smoothing constant alpha.
func NewEWMA(alpha float64) *EWMA {
	return &EWMA{Alpha: alpha, Seeded: true}
}

// Validate reports whether the model's parameters are usable.
func (m *EWMA) Validate() error {
	if !(m.Alpha > 0 && m.Alpha <= 1) {
		return fmt.Errorf("estimate: smoothing constant alpha must be in (0, 1], got %v", m.Alpha)
	}
	if m.Rate < 0 || math.IsNaN(m.Rate) || math.IsInf(m.Rate, 0) {
		return fmt.Errorf("estimate: rate must be a finite non-negative number, got %v", m.Rate)
	}
	return nil
}

// Start records the first fetch at t, which shows the feed's current window
// but no interval. dates are the published times of the items shown; with
// at least two distinct dates a seeded model takes their span as its first
// estimate: (n − 1) items over the time from the oldest to the newest.
func (m *EWMA) Start(t time.Time, dates []time.Time) {
	m.Last = t
	if !m.Seeded || m.N > 0 {
		return
	}
	if r, ok := rateFromDates(dates); ok {
		m.Rate = r
	}
}

// Observe folds in x new items seen at t since the previous observation.
// An observation not after the previous one only moves nothing.
func (m *EWMA) Observe(t time.Time, x int) {
	if m.Last.IsZero() {
		m.Last = t
		return
	}
	dt := t.Sub(m.Last).Hours()
	if dt <= 0 {
		return
	}
	sample := float64(x) / dt
	if m.Seeded && m.N == 0 && m.Rate == 0 {
		m.Rate = sample
	} else {
		m.Rate = m.Alpha*sample + (1-m.Alpha)*m.Rate
	}
	m.N++
	m.Last = t
}

// Expected returns Div_est(T) = (T − T_r) · λ_r, the number of items
// expected to be new at t.
func (m *EWMA) Expected(t time.Time) float64 {
	if m.Last.IsZero() || !t.After(m.Last) {
		return 0
	}
	return t.Sub(m.Last).Hours() * m.Rate
}

// TimeTo returns how long after the last observation k new items are
// expected, and false when the rate is zero or the wait does not fit in a
// time.Duration (about 290 years).
func (m *EWMA) TimeTo(k float64) (time.Duration, bool) {
	if m.Rate <= 0 {
		return 0, false
	}
	d := k / m.Rate * float64(time.Hour)
	if !(d >= 0 && d < math.MaxInt64) {
		return 0, false
	}
	return time.Duration(d), true
}

// MarshalModel encodes the model for storage.
func (m *EWMA) MarshalModel() ([]byte, error) {
	return json.Marshal(m)
}

// UnmarshalEWMA decodes a stored model and validates it.
func UnmarshalEWMA(b []byte) (*EWMA, error) {
	if len(b) == 0 {
		return nil, errors.New("estimate: empty model")
	}
	m := &EWMA{}
	if err := json.Unmarshal(b, m); err != nil {
		return nil, fmt.Errorf("estimate: unable to decode model: %w", err)
	}
	if err := m.Validate(); err != nil {
		return nil, err
	}
	return m, nil
}

// rateFromDates estimates items per hour from the published dates of a
// window: n dates spanning s hours hold n − 1 inter-arrival gaps.
func rateFromDates(dates []time.Time) (float64, bool) {
	ts := make([]time.Time, 0, len(dates))
	for _, d := range dates {
		if !d.IsZero() {
			ts = append(ts, d)
		}
	}
	if len(ts) < 2 {
		return 0, false
	}
	sort.Slice(ts, func(i, j int) bool { return ts[i].Before(ts[j]) })
	span := ts[len(ts)-1].Sub(ts[0]).Hours()
	if span <= 0 {
		return 0, false
	}
	return float64(len(ts)-1) / span, true
}
