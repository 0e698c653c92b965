package reading

import (
	"container/list"
	"context"
	"fmt"
	"sync"

	"vigil/change"
)

// Bounds of the diff views the service computes and keeps.
const (
	// defaultDiffCacheBytes bounds the HTML of the diff views kept.
	defaultDiffCacheBytes = 32 << 20
	// diffWorkers is how many diff views are computed at once; further
	// requests wait for a turn (or give up with their context).
	diffWorkers = 2
)

// diffKey names one diff view: the two versions and the layout.
type diffKey struct {
	from, to int64
	opts     change.DiffOptions
}

// diffViews computes each diff view once and keeps the most recently used
// ones up to a number of bytes of HTML. Requests of a view being computed
// wait for it rather than compute it again; at most diffWorkers views are
// computed at once, and a request whose context ends while it waits gives
// up with the context's error, so no burst of requests can stall the
// server or fill its memory.
type diffViews struct {
	turns chan struct{}
	mu    sync.Mutex
	limit int
	used  int
	order *list.List // of *diffEntry, most recently used first
	byKey map[diffKey]*list.Element
	busy  map[diffKey]*diffCall
}

// diffEntry is one kept view.
type diffEntry struct {
	key  diffKey
	view change.DiffView
}

// diffCall is a view being computed; done is closed when it is.
type diffCall struct {
	done chan struct{}
	view change.DiffView
	err  error
}

// newDiffViews returns an empty set of views of at most limit bytes.
func newDiffViews(limit int) *diffViews {
	return &diffViews{turns: make(chan struct{}, diffWorkers), limit: limit, order: list.New(),
		byKey: map[diffKey]*list.Element{}, busy: map[diffKey]*diffCall{}}
}

// get returns the view of key, computing it with compute when it is
// neither kept nor being computed.
func (d *diffViews) get(ctx context.Context, key diffKey, compute func() (change.DiffView, error)) (change.DiffView, error) {
	d.mu.Lock()
	if e, ok := d.byKey[key]; ok {
		d.order.MoveToFront(e)
		d.mu.Unlock()
		return e.Value.(*diffEntry).view, nil
	}
	if c, ok := d.busy[key]; ok {
		d.mu.Unlock()
		return d.wait(ctx, c)
	}
	c := &diffCall{done: make(chan struct{})}
	d.busy[key] = c
	d.mu.Unlock()
	go d.compute(key, c, compute)
	return d.wait(ctx, c)
}

// wait waits for c or the end of ctx.
func (d *diffViews) wait(ctx context.Context, c *diffCall) (change.DiffView, error) {
	select {
	case <-c.done:
		return c.view, c.err
	case <-ctx.Done():
		return change.DiffView{}, fmt.Errorf("reading: the diff view was not ready in time: %w", ctx.Err())
	}
}

// compute runs compute in its turn and keeps the view. It runs apart from
// the request that started it, so a request that gives up does not waste
// the work for those still waiting or coming next.
func (d *diffViews) compute(key diffKey, c *diffCall, compute func() (change.DiffView, error)) {
	d.turns <- struct{}{}
	c.view, c.err = compute()
	<-d.turns
	d.mu.Lock()
	delete(d.busy, key)
	if c.err == nil {
		d.keep(key, c.view)
	}
	d.mu.Unlock()
	close(c.done)
}

// keep adds a view, dropping the least recently used ones until all fit;
// a view larger than the limit is not kept.
func (d *diffViews) keep(key diffKey, v change.DiffView) {
	size := len(v.HTML)
	if size > d.limit {
		return
	}
	for d.used+size > d.limit {
		e := d.order.Back()
		old := e.Value.(*diffEntry)
		d.used -= len(old.view.HTML)
		d.order.Remove(e)
		delete(d.byKey, old.key)
	}
	d.byKey[key] = d.order.PushFront(&diffEntry{key: key, view: v})
	d.used += size
}
