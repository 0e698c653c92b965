package text

// stemCache remembers the term of recently seen words, because stemming
// dominates the cost of analysis. It keeps two generations: new entries go
// to cur; when cur is full it becomes old and a fresh cur starts, and a word
// found in old is copied back to cur. Frequent words thus survive, and the
// number of entries never exceeds the configured size.
type stemCache struct {
	cur, old map[string]string
	// limit is the most entries one generation holds.
	limit int
	// keepOld is false when the size is too small for two generations.
	keepOld bool
}

// newStemCache returns a cache of at most size entries (size ≥ 1).
func newStemCache(size int) stemCache {
	c := stemCache{limit: size / 2, keepOld: true}
	if c.limit == 0 {
		c.limit, c.keepOld = 1, false
	}
	c.cur = make(map[string]string, min(c.limit, 1024))
	c.old = make(map[string]string)
	return c
}

// get returns the term cached for word and whether it was there.
func (c *stemCache) get(word []byte) (string, bool) {
	if t, ok := c.cur[string(word)]; ok {
		return t, true
	}
	t, ok := c.old[string(word)]
	if ok {
		c.put(string(word), t)
	}
	return t, ok
}

// put caches term for word, starting a new generation when cur is full.
func (c *stemCache) put(word, term string) {
	if len(c.cur) >= c.limit {
		c.rotate()
	}
	c.cur[word] = term
}

// rotate makes cur the old generation and starts an empty cur, reusing the
// memory of the generation it drops.
func (c *stemCache) rotate() {
	if c.keepOld {
		c.cur, c.old = c.old, c.cur
	}
	clear(c.cur)
}

// len returns the number of entries held, counting a word present in both
// generations twice.
func (c *stemCache) len() int {
	return len(c.cur) + len(c.old)
}
