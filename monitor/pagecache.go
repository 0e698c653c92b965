package monitor

import (
	"sync"

	"vigil/change"
)

// docCacheSize bounds the extracts the monitor keeps in memory.
const docCacheSize = 512

// docCache keeps the extract of each page's latest version, keyed by page
// and content hash, so the next fetch compares against it without decoding
// the stored JSON again (about a third of a changed fetch's time on a
// 200 KB page). A miss falls back to the store.
type docCache struct {
	mu   sync.Mutex
	docs map[int64]cachedDoc
}

// cachedDoc is one page's latest extract.
type cachedDoc struct {
	hash string
	doc  *change.Document
}

// get returns the page's cached extract when its hash matches.
func (c *docCache) get(feedID int64, hash string) *change.Document {
	c.mu.Lock()
	defer c.mu.Unlock()
	if d, ok := c.docs[feedID]; ok && d.hash == hash {
		return d.doc
	}
	return nil
}

// put remembers the page's latest extract, dropping an arbitrary entry
// when full.
func (c *docCache) put(feedID int64, hash string, doc *change.Document) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.docs == nil {
		c.docs = make(map[int64]cachedDoc)
	}
	if _, ok := c.docs[feedID]; !ok && len(c.docs) >= docCacheSize {
		for k := range c.docs {
			delete(c.docs, k)
			break
		}
	}
	c.docs[feedID] = cachedDoc{hash: hash, doc: doc}
}
