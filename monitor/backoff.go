package monitor

import (
	"math"
	"math/rand/v2"
	"sync"
	"time"
)

// Backoff spaces out retries of a failing feed: Base·2^(failures−1)
// multiplied by a random factor in [1 − Jitter, 1 + Jitter], so that feeds
// failing together do not retry together, and never more than Cap.
type Backoff struct {
	Base   time.Duration
	Cap    time.Duration
	Jitter float64

	mu  sync.Mutex
	rng *rand.Rand
}

// NewBackoff returns a backoff whose jitter is drawn from a generator seeded
// with seed, so that runs are reproducible.
func NewBackoff(base, limit time.Duration, jitter float64, seed uint64) *Backoff {
	return &Backoff{Base: base, Cap: limit, Jitter: jitter, rng: rand.New(rand.NewPCG(seed, seed^0x9e3779b97f4a7c15))}
}

// Delay returns the wait after the given number of consecutive failures (≥ 1).
func (b *Backoff) Delay(failures int) time.Duration {
	exp := math.Min(float64(max(failures, 1)-1), 62)
	d := math.Min(float64(b.Base)*math.Pow(2, exp), float64(b.Cap))
	return time.Duration(math.Min(d*b.factor(), float64(b.Cap)))
}

func (b *Backoff) factor() float64 {
	if b.Jitter <= 0 || b.rng == nil {
		return 1
	}
	b.mu.Lock()
	defer b.mu.Unlock()
	return 1 + b.Jitter*(2*b.rng.Float64()-1)
}
