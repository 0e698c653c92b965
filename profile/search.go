package profile

// accumulator gathers the scores of one search (or one sampled channel):
// a dense score per slot and the slots touched, to reset.
type accumulator struct {
	score   []float64
	touched []uint32
	rank    ranking
	probe   probe
}

func (a *accumulator) fit(slots int) {
	if len(a.score) < slots {
		a.score = make([]float64, slots)
	}
}

func (a *accumulator) add(slot uint32, w float64) {
	if a.score[slot] == 0 {
		a.touched = append(a.touched, slot)
	}
	a.score[slot] += w
}

func (a *accumulator) clear() {
	for _, s := range a.touched {
		a.score[s] = 0
	}
	a.touched = a.touched[:0]
}

// Search returns the n channels whose indexed profiles are most similar to
// q, best first, equal scores by ID, leaving out channels for which skip
// (if not nil) returns true and channels sharing no term with q. Scores
// are cosines restricted to the kept terms (see Index).
func (x *Index) Search(q Vector, n int, skip func(id int64) bool) []Hit {
	qn := q.Norm()
	if n <= 0 || qn == 0 || len(x.slots) == 0 {
		return nil
	}
	a := x.accumulator()
	defer x.pool.Put(a)
	for i, t := range q.ids {
		l := x.postingsOf(t)
		if l == nil {
			continue
		}
		qw := q.ws[i] / qn
		for _, p := range l.p {
			if x.valid(p) {
				a.add(p.slot, qw*p.w)
			}
		}
	}
	a.rank.reset(n)
	for _, s := range a.touched {
		h := Hit{ID: x.docs[s].id, Score: a.score[s]}
		if a.rank.admits(h) && (skip == nil || !skip(h.ID)) {
			a.rank.offer(h)
		}
	}
	a.clear()
	return a.rank.sorted()
}

// accumulator returns a cleared accumulator sized for the index.
func (x *Index) accumulator() *accumulator {
	a, _ := x.pool.Get().(*accumulator)
	if a == nil {
		a = &accumulator{}
	}
	a.fit(len(x.docs))
	return a
}
