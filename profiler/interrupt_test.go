package profiler_test

import (
	"context"
	"errors"
	"sync"
	"testing"
	"time"

	"vigil/profiler"
)

// endingContext is a context that ends once its Err has been asked a
// given number of times: a stop that arrives at a chosen point of a
// catch-up, the same point on every run.
type endingContext struct {
	context.Context
	mu    sync.Mutex
	left  int
	done  chan struct{}
	ended bool
}

func newEndingContext(after int) *endingContext {
	return &endingContext{Context: context.Background(), left: after, done: make(chan struct{})}
}

func (c *endingContext) Done() <-chan struct{} { return c.done }

func (c *endingContext) Err() error {
	c.mu.Lock()
	defer c.mu.Unlock()
	if !c.ended {
		if c.left--; c.left < 0 {
			c.ended = true
			close(c.done)
		}
	}
	if c.ended {
		return context.Canceled
	}
	return nil
}

// TestStoppedCatchUpKeepsItsProgress stops catch-ups at many points and
// checks that each returns promptly with the context's error, that what
// it folded is saved (the watermark moved, within the page), and that
// the catch-ups after it end with the same corpus and profiles as one
// catch-up never stopped.
func TestStoppedCatchUpKeepsItsProgress(t *testing.T) {
	clean := newEnv(t)
	schedule(clean, 8)
	catchUp(t, clean.profiler(profiler.Config{}))
	for _, after := range []int{3, 6, 12, 25} {
		stopped := newEnv(t)
		schedule(stopped, 8)
		p := stopped.profiler(profiler.Config{Rest: -1})
		var kept int64
		for round := 0; ; round++ {
			start := time.Now()
			n, err := p.CatchUp(newEndingContext(after))
			if err == nil {
				break
			}
			if !errors.Is(err, context.Canceled) {
				t.Fatalf("stop after %d checks: %v", after, err)
			}
			if took := time.Since(start); took > 2*time.Second {
				t.Errorf("a stopped catch-up took %v", took)
			}
			through := stopped.state().Through
			if n > 0 && through <= kept {
				t.Fatalf("stop after %d checks: folded %d items but the watermark stayed at %d", after, n, through)
			}
			kept = through
			t.Logf("stop after %d checks, round %d: folded %d, watermark %d", after, round, n, through)
			if round > 80 {
				t.Fatalf("stop after %d checks: no progress after %d rounds", after, round)
			}
			p = stopped.profiler(profiler.Config{Rest: -1}) // as a restarted process
		}
		sameProfiles(t, stopped, clean)
	}
}
