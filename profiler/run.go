package profiler

import (
	"context"
	"time"
)

// similarNeighbours is how many most similar channels each channel is
// compared with in a similarity sample.
const similarNeighbours = 10

// Run catches up every every (DefaultEvery when not positive) until ctx
// ends, logging failures, and samples the similarities between channels
// (Sample) after its second catch-up and then once a day. The first sample
// waits that one period because Sample indexes every channel again: right
// after the start it would add its transient memory to the load of the
// saved profiles and the monitor's own start (about 15 MiB of peak on
// 5,000 channels).
func (p *Profiler) Run(ctx context.Context, every time.Duration) {
	if every <= 0 {
		every = DefaultEvery
	}
	perDay := max(1, int(24*time.Hour/every))
	ticker := time.NewTicker(every)
	defer ticker.Stop()
	for tick := 0; ; tick++ {
		n, err := p.CatchUp(ctx)
		switch {
		case ctx.Err() != nil:
			return
		case err != nil:
			p.log.Error("profiler: catch-up failed", "folded", n, "err", err)
		case n > 0:
			p.log.Info("profiler: folded new items into channel profiles", "items", n)
		}
		if tick%perDay == 1 {
			p.Sample()
		}
		select {
		case <-ctx.Done():
			return
		case <-ticker.C:
		}
	}
}

// Sample weighs every channel's indexed profile again with the current
// idf, which moves as items arrive, and takes one time sample of the
// similarities between channels (Roitman et al. Eq. 9), each channel with
// its 10 most similar others; Similar answers from these samples.
func (p *Profiler) Sample() {
	p.mu.Lock()
	defer p.mu.Unlock()
	for id, ch := range p.channels {
		p.index.Put(id, ch.profile.Vector(p.corpus))
	}
	p.sim.Sample(p.index, similarNeighbours)
}
