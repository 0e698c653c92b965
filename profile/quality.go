package profile

import "slices"

// QualityMeter measures the monitoring quality of Roitman et al. Eq. 4,
//
//	Q = (1/n) Σ_C (1/|T|) ∫_T sim(P_opt(C_T), P_pol(C_T)) dT,
//
// where P_opt is a channel's profile from every item it published and
// P_pol the profile from the items a policy captured. The integral is
// taken from samples at regular times: each channel's time average is the
// mean of its samples, and Q the mean of those over the channels sampled.
// Samples must therefore be taken at the same regular times for every
// channel. The zero value is ready to use.
type QualityMeter struct {
	sum   map[int64]float64
	count map[int64]int64
}

// Observe records one sample for channel id: the cosine (Eq. 1) of its
// optimal and its policy profile, which it returns. When both profiles
// are empty (nothing published yet) the policy missed nothing and the
// sample counts as 1.
func (m *QualityMeter) Observe(id int64, opt, pol Vector) float64 {
	sim := Cosine(opt, pol)
	if opt.Norm() == 0 && pol.Norm() == 0 {
		sim = 1
	}
	if m.sum == nil {
		m.sum = make(map[int64]float64)
		m.count = make(map[int64]int64)
	}
	m.sum[id] += sim
	m.count[id]++
	return sim
}

// Channel returns the time-averaged similarity of channel id and how many
// samples it rests on (0, 0 for a channel never sampled).
func (m *QualityMeter) Channel(id int64) (quality float64, samples int64) {
	n := m.count[id]
	if n == 0 {
		return 0, 0
	}
	return m.sum[id] / float64(n), n
}

// Quality returns Q, the mean over the channels sampled of their time
// averages; 0 before any sample.
func (m *QualityMeter) Quality() float64 {
	if len(m.count) == 0 {
		return 0
	}
	ids := make([]int64, 0, len(m.count))
	for id := range m.count {
		ids = append(ids, id)
	}
	slices.Sort(ids) // a fixed order of summation
	var q float64
	for _, id := range ids {
		avg, _ := m.Channel(id)
		q += avg
	}
	return q / float64(len(m.count))
}

// QualityLoss returns 1 − Q_content/Q_free, the quality a content-based
// policy loses against a content-free one (Roitman et al. §5.4); 0 when
// qFree is 0.
func QualityLoss(qContent, qFree float64) float64 {
	if qFree == 0 {
		return 0
	}
	return 1 - qContent/qFree
}

// ProbeCutoff returns K_free/K_content − 1, the share of probes a
// content-based policy saves against a content-free one (Roitman et al.
// §5.4); 0 when kContent is 0.
func ProbeCutoff(kFree, kContent int64) float64 {
	if kContent == 0 {
		return 0
	}
	return float64(kFree)/float64(kContent) - 1
}
