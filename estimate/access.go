package estimate

import (
	"encoding/json"
	"errors"
	"fmt"
	"time"
)

// Access is an access pattern u(t): how often, and at which hours of the
// day and of the week, a user reads (Sia et al. §3.3), or, summed over its
// readers, how often a source's postings are read. It is learned the same
// way as a source's publication pattern (Sia et al. §4.3): a 24-bin daily
// and a 168-bin weekly histogram of access times over a history window,
// with the average rate; RateAt and WeeklyRateAt give u(t).
type Access struct {
	Batch
	Readers float64 `json:"readers"` // total weight of the users summed in; 1 for one user
}

// LearnAccess learns a user's access pattern from access times in the
// window of the given length ending at now (0 means DefaultWindow); since
// is when the user's history began (zero when unknown), as in FromTimes.
func LearnAccess(times []time.Time, since, now time.Time, window time.Duration) (Access, error) {
	b, err := FromTimes(times, since, now, window)
	if err != nil {
		return Access{}, err
	}
	return Access{Batch: b, Readers: 1}, nil
}

// SourceAccess returns a source's access pattern as the weighted sum of its
// readers' patterns, u_s(t) = Σ w_r · u_r(t). Sia et al. model one user's
// accesses (Lemma 1); in a server with many users every subscriber's access
// can miss the same postings, so a source's access rate is the sum of its
// subscribers' rates, and weights play the part of Sia & Cho's importance
// weights (Definition 2). weights may be nil, giving every reader weight
// 1; otherwise it holds one finite non-negative weight per reader. The
// result's Span is the longest of the readers' spans, for information; a
// source without readers gets a zero rate and all-zero patterns.
func SourceAccess(readers []Access, weights []float64) (Access, error) {
	if weights != nil && len(weights) != len(readers) {
		return Access{}, fmt.Errorf("estimate: %d weights for %d readers", len(weights), len(readers))
	}
	daily, weekly := make([]float64, 24), make([]float64, 168)
	out := Access{}
	for i, r := range readers {
		w := 1.0
		if weights != nil {
			w = weights[i]
		}
		if !finiteNonNegative(w) {
			return Access{}, fmt.Errorf("estimate: weight of reader %d must be a finite non-negative number, got %v", i, w)
		}
		if err := r.Validate(); err != nil {
			return Access{}, fmt.Errorf("estimate: reader %d: %w", i, err)
		}
		addScaled(daily, r.Daily, w*r.Rate)
		addScaled(weekly, r.Weekly, w*r.Rate)
		out.Rate += w * r.Rate
		out.Events += w * r.Events
		out.Readers += w * r.Readers
		out.Span = max(out.Span, r.Span)
	}
	out.Daily, out.Weekly = normalise(daily), normalise(weekly)
	return out, nil
}

// addScaled adds s·src to dst.
func addScaled(dst []float64, src Pattern, s float64) {
	for i, v := range src {
		dst[i] += s * v
	}
}

// Validate reports whether the access pattern's values are usable.
func (a *Access) Validate() error {
	if !finiteNonNegative(a.Readers) {
		return fmt.Errorf("estimate: reader weight must be a finite non-negative number, got %v", a.Readers)
	}
	return a.Batch.Validate()
}

// MarshalModel encodes the access pattern for storage.
func (a *Access) MarshalModel() ([]byte, error) {
	return json.Marshal(a)
}

// UnmarshalAccess decodes a stored access pattern and validates it.
func UnmarshalAccess(b []byte) (*Access, error) {
	if len(b) == 0 {
		return nil, errors.New("estimate: empty access pattern")
	}
	a := &Access{}
	if err := json.Unmarshal(b, a); err != nil {
		return nil, fmt.Errorf("estimate: unable to decode access pattern: %w", err)
	}
	if err := a.Validate(); err != nil {
		return nil, err
	}
	return a, nil
}
