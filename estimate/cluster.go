package estimate

import (
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"math/rand/v2"
)

// Defaults of pattern clustering: K = 12 as in Sia & Cho §4.3.1; a source
// with fewer than 30 postings in its window (about two a day over 14 days)
// borrows its cluster's centroid; Lloyd iterations stop after 100 rounds at
// the latest.
const (
	DefaultClusters    = 12
	DefaultMinPostings = 30
	DefaultMaxRounds   = 100
)

// seedStreamSalt, mixed into the seed, makes the second word of the
// k-means++ initialisation's random generator.
const seedStreamSalt uint64 = 0x9e3779b97f4a7c15

// KMeansConfig configures KMeans. Zero fields take the defaults.
type KMeansConfig struct {
	K         int    // number of clusters
	Seed      uint64 // seed of the k-means++ initialisation
	MaxRounds int    // bound on assignment rounds
	// Tolerance stops the rounds once one moves no more than this fraction
	// of the patterns to another cluster; 0 runs until none moves.
	Tolerance   float64
	MinPostings int // below this, Shape borrows the centroid; negative means 0
}

// Clusters are the centroids of normalised daily patterns found by KMeans
// (Sia & Cho §4.3.1; Sia et al. §5.3): each centroid is the representative
// pattern of its cluster, and a source with little history uses its
// cluster's centroid instead of its own spiky pattern.
type Clusters struct {
	Centroids   []Pattern `json:"centroids"`
	Sizes       []int     `json:"sizes"` // patterns assigned to each centroid
	MinPostings int       `json:"min_postings"`
	Rounds      int       `json:"rounds"` // assignment rounds KMeans ran
}

// KMeans clusters patterns by k-means with Euclidean distance on the
// patterns normalised to sum 1 (Sia & Cho §4.3.1). It is deterministic:
// k-means++ seeding draws from a PCG generator seeded with cfg.Seed, and the
// Lloyd rounds use Hamerly's bounds, which skip distance computations
// without changing the result in exact arithmetic. It stops when a round
// moves no pattern (or no more than the Tolerance fraction of them) or after
// MaxRounds rounds. The centroids returned are the means of the patterns
// labelled with them, except that a cluster left empty keeps its previous
// centroid. It returns the clusters and the index of each pattern's
// cluster. Every pattern must have the same number of bins and a positive
// sum.
func KMeans(patterns []Pattern, cfg KMeansConfig) (*Clusters, []int, error) {
	cfg = cfg.withDefaults()
	if err := cfg.validate(len(patterns)); err != nil {
		return nil, nil, err
	}
	km, err := newKMeans(patterns, cfg.K)
	if err != nil {
		return nil, nil, err
	}
	km.seed(rand.New(rand.NewPCG(cfg.Seed, cfg.Seed^seedStreamSalt)))
	km.assignAll()
	rounds, still := 1, int(cfg.Tolerance*float64(len(patterns)))
	for km.moveCentroids() && rounds < cfg.MaxRounds {
		rounds++
		if km.reassign() <= still {
			break
		}
	}
	return km.result(cfg.MinPostings, rounds), km.labels, nil
}

// validate checks the configuration against the number of patterns.
func (c KMeansConfig) validate(n int) error {
	switch {
	case c.K < 1:
		return fmt.Errorf("estimate: k-means needs at least one cluster, got %d", c.K)
	case !(c.Tolerance >= 0 && c.Tolerance < 1):
		return fmt.Errorf("estimate: k-means tolerance must be in [0, 1), got %v", c.Tolerance)
	case n < c.K:
		return fmt.Errorf("estimate: k-means needs at least K = %d patterns, got %d", c.K, n)
	}
	return nil
}

// withDefaults fills zero fields.
func (c KMeansConfig) withDefaults() KMeansConfig {
	if c.K == 0 {
		c.K = DefaultClusters
	}
	if c.MaxRounds <= 0 {
		c.MaxRounds = DefaultMaxRounds
	}
	if c.MinPostings == 0 {
		c.MinPostings = DefaultMinPostings
	}
	c.MinPostings = max(c.MinPostings, 0)
	return c
}

// kmeans is the working state of one clustering: the points (scaled by
// scale[i] to sum 1), the centroids in one flat slice, and per point its
// label and Hamerly's upper bound on the distance to its centroid and lower
// bound on the distance to any other.
type kmeans struct {
	points       []Pattern
	scale        []float64
	dim, k       int
	centroids    []float64
	labels       []int
	upper, lower []float64
}

// newKMeans checks the patterns and sets up the state.
func newKMeans(patterns []Pattern, k int) (*kmeans, error) {
	dim := len(patterns[0])
	if dim == 0 {
		return nil, errors.New("estimate: k-means patterns have no bins")
	}
	km := &kmeans{points: patterns, scale: make([]float64, len(patterns)), dim: dim, k: k}
	for i, p := range patterns {
		s, err := patternSum(p, dim)
		if err != nil {
			return nil, fmt.Errorf("estimate: pattern %d: %w", i, err)
		}
		km.scale[i] = 1 / s
	}
	km.centroids = make([]float64, k*dim)
	km.labels = make([]int, len(patterns))
	km.upper = make([]float64, len(patterns))
	km.lower = make([]float64, len(patterns))
	return km, nil
}

// patternSum returns the sum of p after checking it has dim finite
// non-negative bins and a positive sum.
func patternSum(p Pattern, dim int) (float64, error) {
	if len(p) != dim {
		return 0, fmt.Errorf("has %d bins, want %d", len(p), dim)
	}
	sum := 0.0
	for j, v := range p {
		if !finiteNonNegative(v) {
			return 0, fmt.Errorf("bin %d must be a finite non-negative number, got %v", j, v)
		}
		sum += v
	}
	if !(sum > 0) || math.IsInf(sum, 1) {
		return 0, fmt.Errorf("sums to %v, want a positive finite sum", sum)
	}
	return sum, nil
}

// centroid returns centroid c.
func (km *kmeans) centroid(c int) []float64 {
	return km.centroids[c*km.dim : (c+1)*km.dim]
}

// dist2 returns the squared distance from point i, normalised, to
// centroid c.
func (km *kmeans) dist2(i, c int) float64 {
	x, s, y := km.points[i], km.scale[i], km.centroid(c)
	x = x[:len(y)]
	sum := 0.0
	for j, v := range x {
		d := v*s - y[j]
		sum += d * d
	}
	return sum
}

// setCentroid copies point i, normalised, into centroid c.
func (km *kmeans) setCentroid(c, i int) {
	for j, v := range km.points[i] {
		km.centroids[c*km.dim+j] = v * km.scale[i]
	}
}

// seed places the initial centroids by k-means++: the first uniformly, each
// next one with probability proportional to the squared distance from a
// point to its nearest centroid so far.
func (km *kmeans) seed(r *rand.Rand) {
	n := len(km.points)
	km.setCentroid(0, r.IntN(n))
	d2 := make([]float64, n)
	for i := range d2 {
		d2[i] = km.dist2(i, 0)
	}
	for c := 1; c < km.k; c++ {
		km.setCentroid(c, pick(r, d2))
		for i := range d2 {
			d2[i] = min(d2[i], km.dist2(i, c))
		}
	}
}

// pick draws an index with probability proportional to its weight, or
// uniformly when every weight is zero.
func pick(r *rand.Rand, w []float64) int {
	total := 0.0
	for _, v := range w {
		total += v
	}
	if total <= 0 {
		return r.IntN(len(w))
	}
	target := r.Float64() * total
	for i, v := range w {
		target -= v
		if target < 0 {
			return i
		}
	}
	return len(w) - 1
}

// nearest returns point i's nearest centroid and the distances to it and
// to the second nearest (+Inf when K = 1).
func (km *kmeans) nearest(i int) (int, float64, float64) {
	best, d1, d2 := 0, math.Inf(1), math.Inf(1)
	for c := range km.k {
		d := km.dist2(i, c)
		switch {
		case d < d1:
			best, d1, d2 = c, d, d1
		case d < d2:
			d2 = d
		}
	}
	return best, math.Sqrt(d1), math.Sqrt(d2)
}

// assignAll gives every point its nearest centroid and exact bounds.
func (km *kmeans) assignAll() {
	for i := range km.points {
		km.labels[i], km.upper[i], km.lower[i] = km.nearest(i)
	}
}

// moveCentroids moves each centroid to the mean of its points, loosens the
// bounds by how far the centroids moved, and reports whether any moved.
func (km *kmeans) moveCentroids() bool {
	sums := make([]float64, len(km.centroids))
	counts := make([]int, km.k)
	for i, p := range km.points {
		c := km.labels[i]
		counts[c]++
		row := sums[c*km.dim : (c+1)*km.dim]
		for j, v := range p[:len(row)] {
			row[j] += v * km.scale[i]
		}
	}
	moved := make([]float64, km.k)
	for c := range km.k {
		if counts[c] == 0 {
			continue // an empty cluster keeps its centroid
		}
		ss := 0.0
		for j := range km.dim {
			v := sums[c*km.dim+j] / float64(counts[c])
			d := v - km.centroids[c*km.dim+j]
			ss += d * d
			km.centroids[c*km.dim+j] = v
		}
		moved[c] = math.Sqrt(ss)
	}
	return km.loosen(moved)
}

// loosen widens every point's bounds by the centroids' movements, and
// reports whether any centroid moved.
func (km *kmeans) loosen(moved []float64) bool {
	first, second, far := 0.0, 0.0, -1
	for c, m := range moved {
		switch {
		case m > first:
			first, second, far = m, first, c
		case m > second:
			second = m
		}
	}
	if first == 0 {
		return false
	}
	for i, c := range km.labels {
		km.upper[i] += moved[c]
		if c == far {
			km.lower[i] -= second
		} else {
			km.lower[i] -= first
		}
	}
	return true
}

// reassign runs one Hamerly round and returns how many points changed
// cluster.
func (km *kmeans) reassign() int {
	half := km.halfGaps()
	changed := 0
	for i, c := range km.labels {
		m := max(half[c], km.lower[i])
		if km.upper[i] <= m {
			continue
		}
		km.upper[i] = math.Sqrt(km.dist2(i, c))
		if km.upper[i] <= m {
			continue
		}
		best, d1, d2 := km.nearest(i)
		if best != c {
			changed++
		}
		km.labels[i], km.upper[i], km.lower[i] = best, d1, d2
	}
	return changed
}

// halfGaps returns, for each centroid, half the distance to its nearest
// other centroid: a point closer than that to its centroid cannot be closer
// to another.
func (km *kmeans) halfGaps() []float64 {
	half := make([]float64, km.k)
	for a := range km.k {
		half[a] = math.Inf(1)
		for b := range km.k {
			if a != b {
				half[a] = min(half[a], km.centroidDist(a, b)/2)
			}
		}
	}
	return half
}

// centroidDist returns the distance between centroids a and b.
func (km *kmeans) centroidDist(a, b int) float64 {
	ss := 0.0
	for j := range km.dim {
		d := km.centroids[a*km.dim+j] - km.centroids[b*km.dim+j]
		ss += d * d
	}
	return math.Sqrt(ss)
}

// result packages the centroids and the cluster sizes.
func (km *kmeans) result(minPostings, rounds int) *Clusters {
	cl := &Clusters{Sizes: make([]int, km.k), MinPostings: minPostings, Rounds: rounds}
	for c := range km.k {
		cl.Centroids = append(cl.Centroids, Pattern(append([]float64(nil), km.centroids[c*km.dim:(c+1)*km.dim]...)))
	}
	for _, c := range km.labels {
		cl.Sizes[c]++
	}
	return cl
}

// Assign returns the index of the centroid nearest to p normalised to sum 1.
func (cl *Clusters) Assign(p Pattern) (int, error) {
	if len(cl.Centroids) == 0 {
		return 0, errors.New("estimate: no clusters to assign to")
	}
	s, err := patternSum(p, len(cl.Centroids[0]))
	if err != nil {
		return 0, fmt.Errorf("estimate: pattern to assign: %w", err)
	}
	best, bestD := 0, math.Inf(1)
	for c, cen := range cl.Centroids {
		d := 0.0
		for j, v := range p {
			e := v/s - cen[j]
			d += e * e
		}
		if d < bestD {
			best, bestD = c, d
		}
	}
	return best, nil
}

// Shape returns the daily shape to use for a source whose pattern p was
// built from postings postings: p itself, normalised, when postings reach
// MinPostings; otherwise the centroid of p's cluster (Sia & Cho §4.3.1, Sia
// et al. §5.3). A source with no postings at all (p sums to zero) gets the
// centroid of the largest cluster, the most common shape. The result is a
// copy.
func (cl *Clusters) Shape(p Pattern, postings int) (Pattern, error) {
	if len(cl.Centroids) == 0 {
		return nil, errors.New("estimate: no clusters to borrow a shape from")
	}
	if postings < 0 {
		return nil, fmt.Errorf("estimate: posting count must not be negative, got %d", postings)
	}
	if isZero(p) && len(p) == len(cl.Centroids[0]) {
		return clonePattern(cl.Centroids[cl.largest()]), nil
	}
	if postings >= cl.MinPostings {
		s, err := patternSum(p, len(cl.Centroids[0]))
		if err != nil {
			return nil, fmt.Errorf("estimate: source pattern: %w", err)
		}
		out := clonePattern(p)
		for j := range out {
			out[j] /= s
		}
		return out, nil
	}
	c, err := cl.Assign(p)
	if err != nil {
		return nil, err
	}
	return clonePattern(cl.Centroids[c]), nil
}

// largest returns the index of the cluster with the most patterns.
func (cl *Clusters) largest() int {
	best := 0
	for c, n := range cl.Sizes {
		if n > cl.Sizes[best] {
			best = c
		}
	}
	return best
}

// isZero reports whether every bin of p is zero.
func isZero(p Pattern) bool {
	for _, v := range p {
		if v != 0 {
			return false
		}
	}
	return true
}

// clonePattern returns a copy of p.
func clonePattern(p Pattern) Pattern {
	return append(Pattern(nil), p...)
}

// Validate reports whether the clusters are usable.
func (cl *Clusters) Validate() error {
	if len(cl.Centroids) == 0 {
		return errors.New("estimate: clusters have no centroids")
	}
	if len(cl.Sizes) != len(cl.Centroids) {
		return fmt.Errorf("estimate: clusters have %d sizes for %d centroids", len(cl.Sizes), len(cl.Centroids))
	}
	if cl.MinPostings < 0 || cl.Rounds < 0 {
		return fmt.Errorf("estimate: clusters' min_postings %d and rounds %d must not be negative", cl.MinPostings, cl.Rounds)
	}
	for c, cen := range cl.Centroids {
		if len(cen) != len(cl.Centroids[0]) {
			return fmt.Errorf("estimate: centroid %d has %d bins, want %d", c, len(cen), len(cl.Centroids[0]))
		}
		if err := cen.Validate(); err != nil {
			return fmt.Errorf("estimate: centroid %d: %w", c, err)
		}
		if cl.Sizes[c] < 0 {
			return fmt.Errorf("estimate: size of cluster %d must not be negative, got %d", c, cl.Sizes[c])
		}
	}
	return nil
}

// MarshalModel encodes the clusters for storage.
func (cl *Clusters) MarshalModel() ([]byte, error) {
	return json.Marshal(cl)
}

// UnmarshalClusters decodes stored clusters and validates them.
func UnmarshalClusters(b []byte) (*Clusters, error) {
	if len(b) == 0 {
		return nil, errors.New("estimate: empty clusters")
	}
	cl := &Clusters{}
	if err := json.Unmarshal(b, cl); err != nil {
		return nil, fmt.Errorf("estimate: unable to decode clusters: %w", err)
	}
	if err := cl.Validate(); err != nil {
		return nil, err
	}
	return cl, nil
}
