package sim

import (
	"slices"
	"sort"
)

// period is the evaluated interval [from, to) in Unix seconds, and base,
// the instant every source's copy is taken to be current when it has not
// been fetched yet (the start of the run; the start of the evaluation for
// the clairvoyant, which fetches only then).
type period struct {
	base, from, to int64
	// penalty, when positive, is the fixed charge in seconds of a lost
	// posting in the penalised delay (Config.LostPenalty); 0 charges it
	// the delay until the fetch that found it gone.
	penalty int64
}

// lostDelay is what a posting published at posted and found gone at found
// (the end of the run when no fetch found it) is charged.
func (p period) lostDelay(posted, found int64) int64 {
	if p.penalty > 0 {
		return p.penalty
	}
	return found - posted
}

// pendingDelay is what a posting still pending at the end of the run is
// charged: the delay until the end, the least it waited, but no more than
// a lost posting's fixed penalty when one is set.
func (p period) pendingDelay(posted int64) int64 {
	d := p.to - posted
	if p.penalty > 0 {
		d = min(d, p.penalty)
	}
	return d
}

func (p period) counts(t int64) bool { return t >= p.from && t < p.to }

// delaySample is one captured posting's delay and weight.
type delaySample struct {
	delay  int64
	weight float64
}

// measure fills the metrics of the tracks' fetches over p.
func measure(m *Metrics, tracks []track, rs []Reader, index map[string]int, p period) {
	var delays []delaySample
	var fresh, age float64
	var lost lostSum
	for i := range tracks {
		delays = countPostings(m, &tracks[i], p, delays, &lost)
		f, a := staleness(&tracks[i], p)
		fresh, age = fresh+f, age+a
		for _, t := range tracks[i].fetches {
			if p.counts(t) {
				m.Fetches++
			}
		}
	}
	m.Sources = len(tracks)
	m.Freshness, m.AgeMin = fresh/float64(len(tracks)), age/float64(len(tracks))/60
	m.Completeness = 1
	if m.Postings > 0 {
		m.Completeness = float64(m.Captured) / float64(m.Postings)
	}
	summarise(m, delays)
	penalise(m, delays, lost)
	missed(m, tracks, rs, index, p)
}

// lostSum is the weighted charge of the lost and pending postings and
// their weight.
type lostSum struct {
	charge, weight float64
}

func (l *lostSum) add(delay int64, weight float64) {
	l.charge += weight * float64(delay)
	l.weight += weight
}

// penalise sets the penalised mean delay: the weighted mean over all the
// evaluated postings, each lost one charged as period.lostDelay says, so a
// policy cannot look fast by letting postings fall out of the window, and
// each pending one (still shown, unfetched, at the end) charged until the
// end of the run, the least it waited, so a policy cannot look fast by
// leaving the last postings unfetched (lost carries both charges). Before,
// pending postings counted in neither, and a policy that spent its budget
// early paid nothing for stopping before the end.
func penalise(m *Metrics, delays []delaySample, lost lostSum) {
	sum, total := lost.charge, lost.weight
	for _, d := range delays {
		sum += d.weight * float64(d.delay)
		total += d.weight
	}
	if total > 0 {
		m.PenalisedDelayMin = sum / total / 60
	}
}

// countPostings walks a source's fetches in order: at each fetch T, the
// postings new since the previous fetch are captured (delay T − t_i) if still
// in the window, else lost. Of those left after the last fetch, the ones the
// window no longer shows at the end of the run are lost too (a source a
// policy stops fetching loses what it publishes), the rest are pending.
// Only postings published in the evaluated period count.
func countPostings(m *Metrics, tr *track, p period, delays []delaySample, lost *lostSum) []delaySample {
	if tr.pushed {
		return countPushed(m, tr, p, delays)
	}
	seen := 0
	for _, t := range tr.fetches {
		k := tr.countUpTo(seen, t)
		lo := tr.shown(k)
		for j := seen; j < k; j++ {
			if !p.counts(tr.posts[j]) {
				continue
			}
			m.Postings++
			if j < lo {
				m.Lost++
				lost.add(p.lostDelay(tr.posts[j], t), tr.weight)
				continue
			}
			m.Captured++
			delays = append(delays, delaySample{t - tr.posts[j], tr.weight})
		}
		seen = k
	}
	end := tr.countUpTo(seen, p.to-1)
	gone := tr.shown(end) // pushed out of the window by the end of the run
	for j := seen; j < end; j++ {
		if p.counts(tr.posts[j]) {
			m.Postings++
			if j < gone {
				m.Lost++
				lost.add(p.lostDelay(tr.posts[j], p.to), tr.weight)
			} else {
				m.Pending++
				lost.add(p.pendingDelay(tr.posts[j]), tr.weight)
			}
		}
	}
	return delays
}

// summarise computes the weighted mean, 95th percentile, max and total of
// the delays.
func summarise(m *Metrics, delays []delaySample) {
	if len(delays) == 0 {
		return
	}
	slices.SortFunc(delays, func(a, b delaySample) int { return int(sign(a.delay - b.delay)) })
	var sum, total float64
	for _, d := range delays {
		sum += d.weight * float64(d.delay)
		total += d.weight
	}
	acc, p95 := 0.0, delays[len(delays)-1].delay
	for _, d := range delays {
		if acc += d.weight; acc >= 0.95*total {
			p95 = d.delay
			break
		}
	}
	m.TotalDelayMin = sum / 60
	m.MeanDelayMin = sum / total / 60
	m.P95DelayMin = float64(p95) / 60
	m.MaxDelayMin = float64(delays[len(delays)-1].delay) / 60
}

func sign(x int64) int64 {
	switch {
	case x < 0:
		return -1
	case x > 0:
		return 1
	}
	return 0
}

// staleness returns the share of the evaluated period in which the
// source's copy is fresh and its time-averaged age in seconds. Between two
// fetches a < b (the first from p.base, the last to p.to), the copy is stale
// from the first posting p in (a, b] until b, with age u − p at u.
func staleness(tr *track, p period) (fresh, age float64) {
	var stale float64
	prev, j := p.base, 0
	for _, b := range append(slices.Clip(tr.fetches), p.to) {
		j = tr.countUpTo(j, prev)
		if j < len(tr.posts) && tr.posts[j] <= b {
			s, a := staleSpan(tr.posts[j], b, p)
			stale, age = stale+s, age+a
		}
		prev = b
		if b >= p.to {
			break
		}
	}
	length := float64(p.to - p.from)
	return 1 - stale/length, age / length
}

// staleSpan is the length of [first, until) inside the evaluated period
// and the integral of the age u − first over it.
func staleSpan(first, until int64, p period) (length, ageIntegral float64) {
	lo, hi := max(first, p.from), min(until, p.to)
	if hi <= lo {
		return 0, 0
	}
	a, b := float64(lo-first), float64(hi-first)
	return float64(hi - lo), (b*b - a*a) / 2
}

// missed counts, for every access u in the evaluated period and every
// source it concerns (all those the reader follows, or a look's one), the
// postings published after the source's last fetch at or before u and at
// or before u, and their miss-delay Σ (u − t_i) (Sia et al. §3.1).
func missed(m *Metrics, tracks []track, rs []Reader, index map[string]int, p period) {
	var count, delay float64
	for _, r := range rs {
		rm, n, d := readerMissed(r, tracks, index, p)
		m.Readers = append(m.Readers, rm)
		m.Accesses += rm.Accesses
		count, delay = count+n, delay+d
	}
	if m.Accesses > 0 {
		m.MissesPerAccess = count / float64(m.Accesses)
		m.MissDelayMin = delay / float64(m.Accesses) / 60
	}
	m.ReaderMeanMisses, m.ReaderMeanMissDelayMin = readerMeans(m.Readers)
}

// readerMeans are the means over the readers who accessed in the
// evaluated period of their misses and miss delay per access: every
// reader counts alike, whatever their number of accesses.
func readerMeans(rs []ReaderMetrics) (misses, delayMin float64) {
	n := 0
	for _, r := range rs {
		if r.Accesses > 0 {
			misses, delayMin, n = misses+r.MissesPerAccess, delayMin+r.MissDelayMin, n+1
		}
	}
	if n == 0 {
		return 0, 0
	}
	return misses / float64(n), delayMin / float64(n)
}

// readerMissed is one reader's metrics and their missed postings and
// miss-delay in seconds, over their accesses and looks.
func readerMissed(r Reader, tracks []track, index map[string]int, p period) (rm ReaderMetrics, n, d float64) {
	rm.ID = r.ID
	for _, at := range r.Accesses {
		u := at.Unix()
		if !p.counts(u) {
			continue
		}
		rm.Accesses++
		for _, f := range r.Follows {
			fn, fd := missedAt(&tracks[index[f]], u, p.base)
			n, d = n+fn, d+fd
		}
	}
	for _, l := range r.Looks {
		u := l.Time.Unix()
		if !p.counts(u) {
			continue
		}
		rm.Accesses++
		fn, fd := missedAt(&tracks[index[l.Source]], u, p.base)
		n, d = n+fn, d+fd
	}
	if rm.Accesses > 0 {
		rm.MissesPerAccess, rm.MissDelayMin = n/float64(rm.Accesses), d/float64(rm.Accesses)/60
	}
	return rm, n, d
}

// missedAt is the number of postings of tr missed at u and their total
// miss-delay in seconds.
func missedAt(tr *track, u, base int64) (n, delay float64) {
	last := base
	if k := sort.Search(len(tr.fetches), func(i int) bool { return tr.fetches[i] > u }); k > 0 {
		last = tr.fetches[k-1]
	}
	from := sort.Search(len(tr.posts), func(i int) bool { return tr.posts[i] > last })
	for j := from; j < len(tr.posts) && tr.posts[j] <= u; j++ {
		n++
		delay += float64(u - tr.posts[j])
	}
	return n, delay
}
