package profiler

import (
	"context"
	"errors"
	"fmt"
	"time"

	"vigil"
	"vigil/profile"
	"vigil/store"
)

// fetch is the new items one fetch of a feed brought, analysed, in ID
// order: the store gives every item of a fetch the fetch's time as Seen.
type fetch struct {
	feed  int64
	seen  time.Time
	terms [][]string
}

// fetchKey tells fetches apart: the feed and the instant of the fetch.
type fetchKey struct {
	feed int64
	seen int64
}

// CatchUp folds every item stored after the watermark into its channel's
// profile and returns how many items it folded. It works in pages of
// Config.PageSize items: the items of one fetch (same feed, same Seen) are
// one batch for profile.Channel.Fold, whose novel count feeds the channel's
// learned novel rate; after each page one store.ProfileBatch saves the
// changed channels, the corpus's document frequency changes and the new
// watermark together. A page never ends inside a fetch unless the fetch
// alone fills it; the rest of such a fetch is folded as a batch of its own
// whose novel items the learner, seeing no time pass, does not count.
//
// When a save fails the memory holds a step the store does not, and
// folding on would lose that step's document frequencies (they were taken
// from the corpus) or fold its items twice after a restart. The rule is
// therefore: the memory is reloaded from the store at once, which drops
// the unsaved step, and the error is returned; the next CatchUp folds the
// same items again. If the reload fails too, the next CatchUp reloads
// before it folds anything, and until then searches see the unsaved step.
func (p *Profiler) CatchUp(ctx context.Context) (int, error) {
	p.catch.Lock()
	defer p.catch.Unlock()
	if p.stale {
		if err := p.reload(ctx); err != nil {
			return 0, err
		}
	}
	folded := 0
	for {
		items, err := p.st.ItemsAfter(ctx, p.through, p.cfg.PageSize)
		if err != nil {
			return folded, fmt.Errorf("profiler: unable to read the items after item %d: %w", p.through, err)
		}
		full := len(items) == p.cfg.PageSize
		items = wholeFetches(items, full)
		if len(items) == 0 {
			return folded, nil
		}
		if err := p.step(ctx, items); err != nil {
			return folded, err
		}
		folded += len(items)
		if !full {
			return folded, nil
		}
	}
}

// wholeFetches drops from a full page the items of its last fetch, which
// may go on in the next page, unless that fetch is the whole page.
func wholeFetches(items []vigil.Item, full bool) []vigil.Item {
	if !full || len(items) == 0 {
		return items
	}
	last := items[len(items)-1]
	i := len(items) - 1
	for i > 0 && items[i-1].FeedID == last.FeedID && items[i-1].Seen.Equal(last.Seen) {
		i--
	}
	if i == 0 {
		return items
	}
	return items[:i]
}

// step folds one page of items in and saves the result, following the rule
// of CatchUp when the save fails.
func (p *Profiler) step(ctx context.Context, items []vigil.Item) error {
	fetches, err := p.analyse(ctx, items)
	if err != nil {
		return err
	}
	batch, err := p.foldIn(fetches)
	batch.Through = items[len(items)-1].ID
	if err == nil && !p.cfg.ReadOnly {
		err = p.st.SaveProfiles(ctx, batch)
		if err != nil {
			err = fmt.Errorf("profiler: unable to save the profiles through item %d: %w", batch.Through, err)
		}
	}
	if err != nil {
		p.stale = true
		if rerr := p.reload(ctx); rerr != nil {
			return errors.Join(err, rerr)
		}
		return err
	}
	p.through = batch.Through
	p.watermark.Store(batch.Through)
	return nil
}

// analyse groups a page's items by fetch, in the order of their first
// items, and turns each item into its terms with its feed's analyzer.
func (p *Profiler) analyse(ctx context.Context, items []vigil.Item) ([]fetch, error) {
	var fetches []fetch
	at := make(map[fetchKey]int)
	for i := range items {
		it := &items[i]
		lang, err := p.langs.of(ctx, p.st, it.FeedID)
		if err != nil {
			return nil, fmt.Errorf("profiler: unable to read the language of feed %d: %w", it.FeedID, err)
		}
		k := fetchKey{feed: it.FeedID, seen: it.Seen.UnixNano()}
		j, ok := at[k]
		if !ok {
			j = len(fetches)
			at[k] = j
			fetches = append(fetches, fetch{feed: it.FeedID, seen: it.Seen})
		}
		fetches[j].terms = append(fetches[j].terms, p.fold.item(lang, it))
	}
	return fetches, nil
}

// foldIn folds the fetches into their channels, creating channels met for
// the first time, re-indexes the changed channels and returns what to save
// (without the watermark).
func (p *Profiler) foldIn(fetches []fetch) (store.ProfileBatch, error) {
	p.mu.Lock()
	defer p.mu.Unlock()
	var changed []int64
	seen := make(map[int64]bool)
	for _, f := range fetches {
		ch, err := p.channel(f.feed)
		if err != nil {
			return store.ProfileBatch{}, err
		}
		if !seen[f.feed] {
			seen[f.feed] = true
			changed = append(changed, f.feed)
		}
		b := ch.profile.Fold(p.corpus, f.terms)
		ch.observe(f.seen, b.NovelCount)
	}
	batch := store.ProfileBatch{Documents: p.corpus.N()}
	_, batch.DFDelta = p.corpus.TakeDelta()
	for _, id := range changed {
		ch := p.channels[id]
		p.index.Put(id, ch.profile.Vector(p.corpus))
		if p.cfg.ReadOnly {
			continue
		}
		state, err := ch.encode(p.corpus)
		if err != nil {
			return store.ProfileBatch{}, err
		}
		batch.Channels = append(batch.Channels, store.ChannelProfile{Profile: p.summary(id, ch), State: state})
	}
	return batch, nil
}

// channel returns the channel of a feed, creating an empty one.
func (p *Profiler) channel(feed int64) (*channel, error) {
	if ch, ok := p.channels[feed]; ok {
		return ch, nil
	}
	prof, err := profile.NewChannel(p.cfg.Profile)
	if err != nil {
		return nil, fmt.Errorf("profiler: %w", err)
	}
	ch := &channel{profile: prof}
	p.channels[feed] = ch
	return ch, nil
}

// summary is the stored, displayed profile of a channel.
func (p *Profiler) summary(id int64, ch *channel) vigil.Profile {
	coh, sd := ch.profile.Cohesion()
	return vigil.Profile{
		FeedID:     id,
		Terms:      ch.profile.TopEach(p.corpus, p.cfg.TopTerms),
		Cohesion:   coh,
		CohesionSD: sd,
		Items:      ch.profile.Items(),
		Novel:      ch.profile.Novel(),
		NovelRate:  ch.novelPerDay(),
		Updated:    ch.updated(),
	}
}
