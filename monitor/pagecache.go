package monitor

import (
	"container/list"
	"sync"

	"vigil/change"
)

// DefaultExtractCacheBytes is the default bound of the extracts the
// monitor keeps in memory: 64 MiB, some 300 extracts of 200 KB pages or
// a few of the largest (change.DefaultMaxKept).
const DefaultExtractCacheBytes = 64 << 20

// docCache keeps the extract of each page's latest version, keyed by page
// and content hash, so the next fetch compares against it without decoding
// the stored JSON again (about a third of a changed fetch's time on a
// 200 KB page). A miss falls back to the store. It holds at most limit
// bytes of extracts (change.Document.Footprint), dropping the least
// recently used ones; an extract larger than the limit is not kept.
type docCache struct {
	mu    sync.Mutex
	limit int
	used  int
	order *list.List // of *cachedDoc, most recently used first
	docs  map[int64]*list.Element
}

// cachedDoc is one page's latest extract and its estimated size.
type cachedDoc struct {
	feedID int64
	hash   string
	doc    *change.Document
	bytes  int
}

// newDocCache returns an empty cache of at most limit bytes (0: none kept).
func newDocCache(limit int) *docCache {
	return &docCache{limit: limit, order: list.New(), docs: map[int64]*list.Element{}}
}

// get returns the page's cached extract when its hash matches.
func (c *docCache) get(feedID int64, hash string) *change.Document {
	c.mu.Lock()
	defer c.mu.Unlock()
	e, ok := c.docs[feedID]
	if !ok {
		return nil
	}
	d := e.Value.(*cachedDoc)
	if d.hash != hash {
		return nil
	}
	c.order.MoveToFront(e)
	return d.doc
}

// put remembers the page's latest extract in place of its previous one,
// dropping the least recently used extracts until all fit.
func (c *docCache) put(feedID int64, hash string, doc *change.Document) {
	size := doc.Footprint()
	c.mu.Lock()
	defer c.mu.Unlock()
	c.remove(feedID)
	if size > c.limit {
		return
	}
	for c.used+size > c.limit {
		c.remove(c.order.Back().Value.(*cachedDoc).feedID)
	}
	c.docs[feedID] = c.order.PushFront(&cachedDoc{feedID: feedID, hash: hash, doc: doc, bytes: size})
	c.used += size
}

// remove drops the page's extract, if cached.
func (c *docCache) remove(feedID int64) {
	if e, ok := c.docs[feedID]; ok {
		c.used -= e.Value.(*cachedDoc).bytes
		c.order.Remove(e)
		delete(c.docs, feedID)
	}
}

// bytes returns the estimated bytes of the extracts held.
func (c *docCache) bytes() int {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.used
}
