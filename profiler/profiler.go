package profiler

import (
	"context"
	"fmt"
	"log/slog"
	"sync"
	"sync/atomic"

	"vigil/profile"
)

// Profiler keeps the profile of every channel up to date with the stored
// items and answers channel searches and recommendations from them. It is
// safe for concurrent use: one catch-up runs at a time, searches and
// recommendations run alongside each other and wait only while a
// catch-up folds a page in.
type Profiler struct {
	st    Store
	cfg   Config
	log   *slog.Logger
	langs languages
	pool  analyzerPool

	catch   sync.Mutex // held by CatchUp; guards the fields below
	through int64      // the last item ID saved as folded in
	stale   bool       // the memory is ahead of the store: reload first
	fold    analyzers  // CatchUp's own analyzers

	// watermark mirrors through for readers that must not wait for a
	// catch-up to end (Through).
	watermark atomic.Int64

	mu       sync.RWMutex // guards the fields below
	corpus   *profile.Corpus
	channels map[int64]*channel
	index    *profile.Index
	sim      profile.Similarity
}

// New returns a Profiler restored from what st holds: the corpus, every
// channel and the watermark of the last step saved. A channel whose saved
// state cannot be read is logged with its feed ID and starts afresh (its
// items stay counted in the corpus); only a store that cannot be read or a
// corpus that is inconsistent fails. A nil log means slog.Default().
func New(ctx context.Context, st Store, cfg Config, log *slog.Logger) (*Profiler, error) {
	cfg, err := cfg.withDefaults()
	if err != nil {
		return nil, err
	}
	if log == nil {
		log = slog.Default()
	}
	p := &Profiler{st: st, cfg: cfg, log: log, fold: analyzers{}}
	if err := p.reload(ctx); err != nil {
		return nil, err
	}
	return p, nil
}

// reload replaces the memory by what the store holds, read piece by
// piece (see loader). The caller holds p.catch (or is New).
func (p *Profiler) reload(ctx context.Context) error {
	l := &loader{p: p, corpus: &profile.Corpus{}, channels: map[int64]*channel{}, index: &profile.Index{}}
	if err := l.corpus.SetTermLimit(max(p.cfg.TermLimit, 0)); err != nil {
		return fmt.Errorf("profiler: %w", err)
	}
	if err := p.st.LoadProfilerState(ctx, l); err != nil {
		return fmt.Errorf("profiler: unable to load the saved profiles: %w", err)
	}
	l.corpus.Prune() // every term in use is now held by a window
	p.mu.Lock()
	p.corpus, p.channels, p.index = l.corpus, l.channels, l.index
	p.mu.Unlock()
	p.through, p.stale = l.through, false
	p.watermark.Store(l.through)
	return nil
}

// loader rebuilds a profiler's memory from its saved state as the store
// reads it, so that the state is never held whole beside what it becomes:
// the corpus first, then each channel decoded and indexed. A channel
// whose saved state cannot be read is logged with its feed ID and starts
// afresh (its items stay counted in the corpus); a corpus that is
// inconsistent fails the load.
type loader struct {
	p        *Profiler
	corpus   *profile.Corpus
	channels map[int64]*channel
	index    *profile.Index
	through  int64
}

// Head restores the watermark and the corpus size.
func (l *loader) Head(through, documents, terms int64) error {
	l.through = through
	if err := l.corpus.RestoreStart(documents, int(min(terms, 1<<30))); err != nil {
		return fmt.Errorf("profiler: unable to restore the corpus of %d items: %w", documents, err)
	}
	return nil
}

// Term restores one term's document frequency.
func (l *loader) Term(term string, df int64) error { return l.corpus.RestoreTerm(term, df) }

// Channel decodes and indexes one channel.
func (l *loader) Channel(id int64, state []byte) error {
	ch, err := decodeChannel(l.corpus, state)
	if err != nil {
		l.p.log.Error("profiler: channel state unreadable; the channel starts afresh", "feed", id, "err", err)
		return nil
	}
	l.channels[id] = ch
	l.index.Put(id, ch.profile.Vector(l.corpus))
	return nil
}

// Through returns the ID of the last item saved as folded into the
// profiles; the items after it are the profiler's backlog. It does not
// wait for a catch-up in progress.
func (p *Profiler) Through() int64 { return p.watermark.Load() }
