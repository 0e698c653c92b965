package sim

import "math"

// divergence measures how well the online estimators predict the number of
// postings new since each source's last fetch (Horincar et al. Eq. 2):
// every hour of the evaluated period, over the sources fetched at least
// once, divErr(t) = sqrt((1/|S|) Σ_s (Div_real − Div_est)²) for the EWMA
// and for the daily periodic model; the run's error is the mean over the
// samples. Div_real counts every posting published since the last fetch,
// including those the window will lose.
type divergence struct {
	upTo          []int // postings at or before the last sample, per source
	sumEWMA, sumP float64
	samples       int
}

func newDivergence(n int) divergence {
	return divergence{upTo: make([]int, n)}
}

func (d *divergence) sample(e *engine, t int64) {
	at := unix(t)
	var sqE, sqP float64
	n := 0
	for i, s := range e.srcs {
		d.upTo[i] = e.tracks[i].countUpTo(d.upTo[i], t)
		if s.Last.IsZero() {
			continue
		}
		real := float64(d.upTo[i] - e.seen[i])
		de := real - s.Models.EWMA.Expected(at)
		dp := real - s.Models.Daily.Expected(s.Last, at)
		sqE, sqP, n = sqE+de*de, sqP+dp*dp, n+1
	}
	if n == 0 {
		return
	}
	d.sumEWMA += math.Sqrt(sqE / float64(n))
	d.sumP += math.Sqrt(sqP / float64(n))
	d.samples++
}

// errors returns the time-averaged RMS errors of the EWMA and periodic
// estimators (0 without samples).
func (d *divergence) errors() (ewma, periodic float64) {
	if d.samples == 0 {
		return 0, 0
	}
	return d.sumEWMA / float64(d.samples), d.sumP / float64(d.samples)
}
