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

// fetch is the items of one fetch of a feed within a page, in ID order:
// the store gives every item of a fetch the fetch's time as Seen.
type fetch struct {
	feed  int64
	seen  time.Time
	items []int // indexes into the page
}

// fetchKey tells fetches apart: the feed and the instant of the fetch.
type fetchKey struct {
	feed int64
	seen int64
}

// saveGrace is how long the save of a step may go on once its context has
// ended: the items folded so far are kept rather than folded again by the
// next process.
const saveGrace = time.Second

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
// Items are analysed one fetch at a time, so a page holds the items' text
// and one fetch's terms, whatever the backlog. After each page CatchUp
// rests for Config.Rest times the page's duration, so that a long backlog
// leaves the processor and the store's writer to the fetches. When ctx
// ends, CatchUp stops after the fetch it is folding, saves what it folded
// (taking at most saveGrace) and returns ctx's error.
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
		start := time.Now()
		items, err := p.st.ItemsAfter(ctx, p.through, p.cfg.PageSize)
		if err != nil {
			return folded, fmt.Errorf("profiler: unable to read the items after item %d: %w", p.through, err)
		}
		full := len(items) == p.cfg.PageSize
		items = wholeFetches(items, full)
		if len(items) == 0 {
			return folded, nil
		}
		n, err := p.step(ctx, items)
		folded += n
		if err != nil || !full {
			return folded, err
		}
		if err := p.rest(ctx, time.Since(start)); err != nil {
			return folded, err
		}
	}
}

// rest waits Config.Rest times took, or until ctx ends.
func (p *Profiler) rest(ctx context.Context, took time.Duration) error {
	if p.cfg.Rest <= 0 {
		return ctx.Err()
	}
	t := time.NewTimer(time.Duration(p.cfg.Rest * float64(took)))
	defer t.Stop()
	select {
	case <-ctx.Done():
		return ctx.Err()
	case <-t.C:
		return nil
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

// step folds one page of items in, fetch by fetch, and saves the result,
// following the rule of CatchUp when the save fails. It returns how many
// items it folded: fewer than the page when ctx ended first.
func (p *Profiler) step(ctx context.Context, items []vigil.Item) (int, error) {
	fetches := groupFetches(items)
	var changed []int64
	seen := make(map[int64]bool)
	done, cut := 0, int64(0) // cut: the first item left when ctx ended
	for i, f := range fetches {
		if ctx.Err() != nil && i > 0 && prefixFolded(items, fetches[:i], fetches[i:]) {
			cut = items[fetches[i].items[0]].ID
			break
		}
		if !seen[f.feed] {
			seen[f.feed] = true
			changed = append(changed, f.feed)
		}
		terms, err := p.analyse(ctx, items, f)
		if err == nil {
			err = p.foldFetch(f, terms, changed)
		}
		if err != nil {
			return 0, p.abandon(ctx, err)
		}
		done += len(f.items)
	}
	batch, err := p.finish(changed)
	batch.Through = items[len(items)-1].ID
	if cut > 0 {
		batch.Through = cut - 1
	}
	if err == nil && !p.cfg.ReadOnly {
		save, cancel := withGrace(ctx, saveGrace)
		err = p.st.SaveProfiles(save, batch)
		cancel()
		if err != nil {
			err = fmt.Errorf("profiler: unable to save the profiles through item %d: %w", batch.Through, err)
		}
	}
	if err != nil {
		return 0, p.abandon(ctx, err)
	}
	p.through = batch.Through
	p.watermark.Store(batch.Through)
	if done < len(items) {
		return done, ctx.Err()
	}
	return done, nil
}

// withGrace returns a context that ends grace after ctx ends (or when
// cancel is called), so that a save under way when a stop is asked can
// finish.
func withGrace(ctx context.Context, grace time.Duration) (context.Context, context.CancelFunc) {
	c, cancel := context.WithCancel(context.WithoutCancel(ctx))
	// A timer left running after cancel only cancels again, which does
	// nothing.
	stop := context.AfterFunc(ctx, func() { time.AfterFunc(grace, cancel) })
	return c, func() {
		stop()
		cancel()
	}
}

// abandon drops an unsaved step by reloading the store's state, marking
// the memory stale when that fails too or when ctx has ended (the reload
// is then left to the next CatchUp, so that a stopping process stops),
// and returns err (joined with the reload's error).
func (p *Profiler) abandon(ctx context.Context, err error) error {
	p.stale = true
	if ctx.Err() != nil {
		return err
	}
	if rerr := p.reload(ctx); rerr != nil {
		return errors.Join(err, rerr)
	}
	return err
}

// prefixFolded reports whether the fetches done hold exactly the items
// before the first item of the fetches left, so that the watermark may
// stop there: the store writes a fetch's items together, but several
// writers may interleave their IDs.
func prefixFolded(items []vigil.Item, done, left []fetch) bool {
	first := items[left[0].items[0]].ID
	for _, f := range done {
		if items[f.items[len(f.items)-1]].ID > first {
			return false
		}
	}
	return true
}

// groupFetches groups a page's items by fetch, in the order of their
// first items.
func groupFetches(items []vigil.Item) []fetch {
	var fetches []fetch
	at := make(map[fetchKey]int)
	for i := range items {
		it := &items[i]
		k := fetchKey{feed: it.FeedID, seen: it.Seen.UnixNano()}
		j, ok := at[k]
		if !ok {
			j = len(fetches)
			at[k] = j
			fetches = append(fetches, fetch{feed: it.FeedID, seen: it.Seen})
		}
		fetches[j].items = append(fetches[j].items, i)
	}
	return fetches
}

// analyse turns the items of one fetch into their terms with their feed's
// analyzer.
func (p *Profiler) analyse(ctx context.Context, items []vigil.Item, f fetch) ([][]string, error) {
	lang, err := p.langs.of(ctx, p.st, f.feed)
	if err != nil {
		return nil, fmt.Errorf("profiler: unable to read the language of feed %d: %w", f.feed, err)
	}
	terms := make([][]string, len(f.items))
	for i, j := range f.items {
		terms[i] = p.fold.item(lang, &items[j])
	}
	return terms, nil
}

// foldFetch folds one fetch's items into its channel, creating the channel
// met for the first time, and bounds the corpus when it has passed its
// limit, so that it holds at most its limit and one fetch's new terms.
// Pruning may drop terms the index still names for the channels folded
// since they were last indexed (changed, this page's): those are indexed
// again first, so that the windows and the index hold every term in use.
func (p *Profiler) foldFetch(f fetch, terms [][]string, changed []int64) error {
	p.mu.Lock()
	defer p.mu.Unlock()
	ch, err := p.channel(f.feed)
	if err != nil {
		return err
	}
	b := ch.profile.Fold(p.corpus, terms)
	ch.observe(f.seen, b.NovelCount)
	if p.corpus.Over() {
		for _, id := range changed {
			p.index.Put(id, p.channels[id].profile.Vector(p.corpus))
		}
		p.corpus.Prune()
	}
	return nil
}

// finish indexes the changed channels again with the idf the page ends
// with (a channel folded early in a page was indexed with the idf of
// then, when a term all its items share can weigh nothing) and returns
// what to save of the step (without the watermark).
func (p *Profiler) finish(changed []int64) (store.ProfileBatch, error) {
	p.mu.Lock()
	defer p.mu.Unlock()
	for _, id := range changed {
		p.index.Put(id, p.channels[id].profile.Vector(p.corpus))
	}
	batch := store.ProfileBatch{Documents: p.corpus.N()}
	_, batch.DFDelta = p.corpus.TakeDelta()
	if p.cfg.ReadOnly {
		return batch, nil
	}
	for _, id := range changed {
		ch := p.channels[id]
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
