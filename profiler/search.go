package profiler

import (
	"context"
	"fmt"
	"net/url"

	"vigil"
	"vigil/profile"
)

// describeTerms is how many of a channel's heaviest stems, and as many of
// its heaviest lexical affinities, Describe lists.
const describeTerms = 10

// ScoredFeed is a channel found for someone, described by what anyone may
// know of it: never how many people follow it or what they read.
type ScoredFeed struct {
	FeedID      int64  `json:"feed_id"`
	Title       string `json:"title"`
	URL         string `json:"url"`
	SiteURL     string `json:"site_url,omitempty"`
	Description string `json:"description,omitempty"`
	// Score is the cosine between the query and the channel's profile.
	Score float64 `json:"score"`
	// Terms are the heaviest stems of the channel's profile, heaviest
	// first; Affinities its heaviest lexical affinities (two stems joined
	// by a space), which, rarer, outweigh the stems.
	Terms      []vigil.TermWeight `json:"terms"`
	Affinities []vigil.TermWeight `json:"affinities"`
}

// SearchChannels returns up to n channels whose profiles best match the
// query, best first, scored by cosine (profile.Index.Search). The query is
// analysed as English (stems and lexical affinities) and its own words,
// lower-cased, are added to its terms, so that it also finds channels in
// other languages by their words as written; every term weighs its count
// in the query times its idf. A query with no term the channels use finds
// nothing.
func (p *Profiler) SearchChannels(query string, n int) []profile.Hit {
	an := p.pool.get()
	terms := an.query(query)
	p.pool.put(an)
	p.mu.RLock()
	defer p.mu.RUnlock()
	return p.index.Search(profile.QueryVector(p.corpus, terms), n, nil)
}

// Similar returns up to n channels most similar to feedID over time
// (Roitman et al. Eq. 9, learned by Sample), best first; none before the
// first sample.
func (p *Profiler) Similar(feedID int64, n int) []profile.Hit {
	p.mu.RLock()
	defer p.mu.RUnlock()
	return p.sim.Neighbours(feedID, n)
}

// FindChannels is SearchChannels with each channel described, for someone
// who follows the channels follows says (nil: an operator, who may see
// every channel); see Describe for what others may see.
func (p *Profiler) FindChannels(ctx context.Context, query string, n int, follows func(feedID int64) bool) ([]ScoredFeed, error) {
	found, err := p.Describe(ctx, p.SearchChannels(query, 4*n), follows)
	if len(found) > n {
		found = found[:n]
	}
	return found, err
}

// MinFollowers is how many people must follow a channel before others may
// discover it.
const MinFollowers = 2

// Describe turns hits into described channels in the same order, leaving
// out channels whose feed no longer exists and, unless follows is nil,
// channels the person does not follow that are not discoverable: followed
// by fewer than MinFollowers people (so a search never reveals what one
// other person reads), or whose URL carries credentials or a query string
// (often a private token).
func (p *Profiler) Describe(ctx context.Context, hits []profile.Hit, follows func(feedID int64) bool) ([]ScoredFeed, error) {
	terms, pairs := p.topTerms(hits)
	out := make([]ScoredFeed, 0, len(hits))
	for i, h := range hits {
		f, err := p.st.Feed(ctx, h.ID)
		if vigil.ErrorCode(err) == vigil.ENOTFOUND {
			continue
		}
		if err != nil {
			return nil, fmt.Errorf("profiler: unable to describe channel %d: %w", h.ID, err)
		}
		if follows != nil && !follows(f.ID) && !discoverable(f) {
			continue
		}
		out = append(out, ScoredFeed{
			FeedID: f.ID, Title: f.Title, URL: f.URL, SiteURL: f.SiteURL, Description: f.Description,
			Score: h.Score, Terms: terms[i], Affinities: pairs[i],
		})
	}
	return out, nil
}

// discoverable tells whether people who do not follow f may find it.
func discoverable(f *vigil.Feed) bool {
	u, err := url.Parse(f.URL)
	return err == nil && f.Subscribers >= MinFollowers && u.User == nil && u.RawQuery == ""
}

// topTerms returns the heaviest stems and lexical affinities of each
// hit's channel.
func (p *Profiler) topTerms(hits []profile.Hit) (stems, pairs [][]vigil.TermWeight) {
	p.mu.RLock()
	defer p.mu.RUnlock()
	stems, pairs = make([][]vigil.TermWeight, len(hits)), make([][]vigil.TermWeight, len(hits))
	for i, h := range hits {
		var top []vigil.TermWeight
		if ch, ok := p.channels[h.ID]; ok {
			top = ch.profile.TopEach(p.corpus, describeTerms)
		}
		stems[i], pairs[i] = vigil.SplitTerms(top)
	}
	return stems, pairs
}
