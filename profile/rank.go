package profile

import "slices"

// Hit is a channel found by a search, with its score.
type Hit struct {
	ID    int64   `json:"id"`
	Score float64 `json:"score"`
}

// better orders hits best first: higher score, then lower ID.
func better(a, b Hit) bool {
	if a.Score != b.Score {
		return a.Score > b.Score
	}
	return a.ID < b.ID
}

// compareHits is better as a comparison for sorting, best first.
func compareHits(a, b Hit) int {
	switch {
	case better(a, b):
		return -1
	case better(b, a):
		return 1
	}
	return 0
}

// ranking keeps the n best hits offered to it in a binary heap whose root
// is the worst one kept.
type ranking struct {
	n    int
	hits []Hit
}

// reset empties the ranking and makes it keep the n best.
func (r *ranking) reset(n int) {
	r.n = n
	r.hits = r.hits[:0]
}

// admits reports whether h would be kept.
func (r *ranking) admits(h Hit) bool {
	return r.n > 0 && (len(r.hits) < r.n || better(h, r.hits[0]))
}

// offer keeps h if it is among the n best so far.
func (r *ranking) offer(h Hit) {
	if !r.admits(h) {
		return
	}
	if len(r.hits) < r.n {
		r.hits = append(r.hits, h)
		r.up(len(r.hits) - 1)
		return
	}
	r.hits[0] = h
	r.down(0)
}

func (r *ranking) up(i int) {
	for i > 0 {
		p := (i - 1) / 2
		if !better(r.hits[p], r.hits[i]) {
			return
		}
		r.hits[p], r.hits[i] = r.hits[i], r.hits[p]
		i = p
	}
}

func (r *ranking) down(i int) {
	for {
		worst, l := i, 2*i+1
		if l < len(r.hits) && better(r.hits[worst], r.hits[l]) {
			worst = l
		}
		if l+1 < len(r.hits) && better(r.hits[worst], r.hits[l+1]) {
			worst = l + 1
		}
		if worst == i {
			return
		}
		r.hits[i], r.hits[worst] = r.hits[worst], r.hits[i]
		i = worst
	}
}

// sorted returns a copy of the kept hits, best first.
func (r *ranking) sorted() []Hit {
	out := slices.Clone(r.hits)
	slices.SortFunc(out, compareHits)
	return out
}
