package estimate

import (
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"time"
)

// Defaults of the learned monitoring rate: α0 and G from Roitman et al.
// §5.2.1, and as the arbitrary starting rate λ0 the mean update rate of
// their feeds (§4.4: 0.284 items per hour).
const (
	DefaultLearnAlpha0 = 0.1
	DefaultLearnG      = 100
	DefaultLearnStart  = 0.284 // items per hour
)

// LearnClock names the unit of T in the decay α_T = α0·exp(−T/G); Roitman
// et al. do not state it.
type LearnClock string

// The units of T a Learned model can count in.
const (
	ClockHours  LearnClock = "hours"  // hours since the source was added
	ClockProbes LearnClock = "probes" // probes made so far, this one included
)

// Learned is the online monitoring rate of Roitman et al. Eq. 5 ("Boltzmann
// learning"): after a probe at T that captured |C_W'| postings since the
// previous probe at T_prev,
//
//	λ(T) = α_T · λ(T_prev) + (1 − α_T) · |C_W'| / |W'|,   α_T = α0 · exp(−T / G),
//
// and the next probe is due at T + 1/λ(T) (Roitman et al. §5.3). It is
// implemented as written: α_T weights the old value and decays with T, so
// the model trusts each new observation more as it ages (the reverse of the
// smoothing in Horincar et al. §4.1, where α weights the new sample and is
// constant). With novelty detection (Roitman et al. §5.3.1) the caller
// passes only the novel postings as captured.
//
// Units: |W'| = T − T_prev is always measured in hours, so λ is in items per
// hour and the next probe is a real time. Clock chooses what T counts in
// the decay only: hours since Added (the default) or the number of probes.
// A rate below MinRate is raised to MinRate when the next probe is placed,
// so a quiet source is still probed at least every 1/MinRate hours; with
// MinRate 0 a zero rate schedules nothing.
type Learned struct {
	Alpha0  float64    `json:"alpha0"`
	G       float64    `json:"g"`
	Clock   LearnClock `json:"clock"`
	MinRate float64    `json:"min_rate"` // items per hour
	Rate    float64    `json:"rate"`     // λ(T_prev), items per hour
	Added   time.Time  `json:"added"`    // T = 0
	Last    time.Time  `json:"last"`     // T_prev
	Probes  int        `json:"probes"`
}

// NewLearned returns a model with the paper's parameters for a source added
// at added, starting from the rate DefaultLearnStart, counting T in hours and
// probing at least daily.
func NewLearned(added time.Time) *Learned {
	return &Learned{
		Alpha0: DefaultLearnAlpha0, G: DefaultLearnG, Clock: ClockHours,
		MinRate: 1.0 / 24, Rate: DefaultLearnStart, Added: added, Last: added,
	}
}

// Validate reports whether the model's parameters and state are usable.
func (m *Learned) Validate() error {
	switch {
	case !(m.Alpha0 >= 0 && m.Alpha0 <= 1):
		return fmt.Errorf("estimate: learning parameter alpha0 must be in [0, 1], got %v", m.Alpha0)
	case !(m.G > 0) || math.IsInf(m.G, 0):
		return fmt.Errorf("estimate: learning speed G must be a finite positive number, got %v", m.G)
	case m.Clock != ClockHours && m.Clock != ClockProbes:
		return fmt.Errorf("estimate: unknown learning clock %q (want %q or %q)", m.Clock, ClockHours, ClockProbes)
	case !finiteNonNegative(m.MinRate):
		return fmt.Errorf("estimate: minimum rate must be a finite non-negative number, got %v", m.MinRate)
	case !finiteNonNegative(m.Rate):
		return fmt.Errorf("estimate: rate must be a finite non-negative number, got %v", m.Rate)
	case m.Probes < 0:
		return fmt.Errorf("estimate: probe count must not be negative, got %d", m.Probes)
	case m.Last.Before(m.Added):
		return fmt.Errorf("estimate: last probe %v is before the source was added %v", m.Last, m.Added)
	}
	return nil
}

// finiteNonNegative reports whether v is a number in [0, ∞).
func finiteNonNegative(v float64) bool {
	return v >= 0 && !math.IsInf(v, 1)
}

// Alpha returns α_T for a probe at t that would be probe number probes.
func (m *Learned) Alpha(t time.Time, probes int) float64 {
	T := t.Sub(m.Added).Hours()
	if m.Clock == ClockProbes {
		T = float64(probes)
	}
	return m.Alpha0 * math.Exp(-T/m.G)
}

// Observe folds in a probe at t that captured captured postings since the
// previous probe. A probe not after the previous one, or a negative count,
// changes nothing.
func (m *Learned) Observe(t time.Time, captured int) {
	w := t.Sub(m.Last).Hours()
	if w <= 0 || captured < 0 {
		return
	}
	a := m.Alpha(t, m.Probes+1)
	m.Rate = a*m.Rate + (1-a)*float64(captured)/w
	m.Probes++
	m.Last = t
}

// Next returns when the next probe is due, T_prev + 1/λ(T_prev), with λ
// raised to MinRate; false when that rate is zero or the wait does not fit
// in a time.Duration.
func (m *Learned) Next() (time.Time, bool) {
	r := max(m.Rate, m.MinRate)
	d := float64(time.Hour) / r
	if r <= 0 || d >= math.MaxInt64 {
		return time.Time{}, false
	}
	return m.Last.Add(time.Duration(d)), true
}

// MarshalModel encodes the model for storage.
func (m *Learned) MarshalModel() ([]byte, error) {
	return json.Marshal(m)
}

// UnmarshalLearned decodes a stored learned-rate model and validates it.
func UnmarshalLearned(b []byte) (*Learned, error) {
	if len(b) == 0 {
		return nil, errors.New("estimate: empty learned-rate model")
	}
	m := &Learned{}
	if err := json.Unmarshal(b, m); err != nil {
		return nil, fmt.Errorf("estimate: unable to decode learned-rate model: %w", err)
	}
	if err := m.Validate(); err != nil {
		return nil, err
	}
	return m, nil
}
