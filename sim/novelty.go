package sim

import (
	"fmt"
	"time"

	"vigil/policy"
	"vigil/profile"
)

// novelty keeps, as the live system would, a profile of every channel from
// the postings the policy captured, under the dynamic idf of everything it
// captured: each fetch's postings pass the novelty filter (Roitman et al.
// Eq. 7) and the novel count teaches the source's novel-rate learner
// (policy.Models.ObserveNovel). With Config.Refine it also indexes the
// profiles and samples their similarity daily for Eq. 9-10.
type novelty struct {
	corpus   profile.Corpus
	channels []*profile.Channel
	index    *profile.Index
	similar  *profile.Similarity
	novel    int
}

// refineNeighbours is how many similar channels each channel's refined
// rate draws on.
const refineNeighbours = 10

func newNovelty(n int, cfg resolved) (*novelty, error) {
	nv := &novelty{channels: make([]*profile.Channel, n)}
	// The corpus is bounded as the live profiler's is, so that the
	// novelty the policies learn from is what they would learn live.
	limit := cfg.ProfileDFTerms
	switch limit {
	case 0:
		limit = profile.DefaultTermLimit
	case -1:
		limit = 0 // unbounded
	}
	if err := nv.corpus.SetTermLimit(limit); err != nil {
		return nil, fmt.Errorf("sim: %w", err)
	}
	pc := profile.Config{K: cfg.ProfileWindow, Beta: cfg.Beta, MaxTerms: cfg.ProfileTerms}
	for i := range nv.channels {
		ch, err := profile.NewChannel(pc)
		if err != nil {
			return nil, fmt.Errorf("sim: %w", err)
		}
		nv.channels[i] = ch
	}
	if cfg.Refine {
		nv.index, nv.similar = &profile.Index{}, &profile.Similarity{}
	}
	return nv, nil
}

// fold passes source i's captured postings at t through its profile and
// teaches the models the novel count.
func (nv *novelty) fold(i int, s *policy.Source, terms [][]string, at time.Time) {
	b := nv.channels[i].Fold(&nv.corpus, terms)
	nv.novel += b.NovelCount
	s.Models.ObserveNovel(at, b.NovelCount)
	if nv.index != nil {
		nv.index.Put(s.ID, nv.channels[i].Vector(&nv.corpus))
	}
	nv.corpus.Prune() // the windows and the index hold every term in use
}

// sample refreshes the similarity matrix (with Config.Refine).
func (nv *novelty) sample() {
	if nv.similar != nil {
		nv.similar.Sample(nv.index, refineNeighbours)
	}
}

// refine is the policies' refinement hook, Eq. 10.
func (nv *novelty) refine(rates map[int64]float64) map[int64]float64 {
	return nv.similar.Refine(rates)
}
