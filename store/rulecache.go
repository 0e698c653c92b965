package store

import "sync"

// maxCachedRules bounds a RuleCache: beyond it the cache starts afresh.
// Rules are at most vigil.MaxAlertRuleBytes long, so a full cache holds a
// few tens of megabytes at most.
const maxCachedRules = 20000

// RuleCache holds alert rules' compiled queries by rule ID, so that a
// rule is parsed once rather than at every fetch that matches it. An
// entry serves only the query it was compiled from, so a rule whose text
// changed is compiled anew; Forget drops a removed rule. It is safe for
// concurrent use; the zero value is not, use NewRuleCache.
type RuleCache struct {
	mu    sync.Mutex
	rules map[int64]cachedRule
}

// cachedRule is a rule's query and what it compiled to.
type cachedRule struct {
	query    string
	compiled *AlertQuery
}

// NewRuleCache returns an empty cache.
func NewRuleCache() *RuleCache {
	return &RuleCache{rules: map[int64]cachedRule{}}
}

// Compile returns the compiled query of the rule id whose text is query,
// compiling it when the cache holds none for that text. A nil cache
// compiles every time.
func (c *RuleCache) Compile(id int64, query string) *AlertQuery {
	if c == nil {
		return CompileAlertQuery(query)
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	if r, ok := c.rules[id]; ok && r.query == query {
		return r.compiled
	}
	if len(c.rules) >= maxCachedRules {
		clear(c.rules)
	}
	r := cachedRule{query: query, compiled: CompileAlertQuery(query)}
	c.rules[id] = r
	return r.compiled
}

// Forget drops the rule id.
func (c *RuleCache) Forget(id int64) {
	if c == nil {
		return
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	delete(c.rules, id)
}

// Len is how many rules the cache holds.
func (c *RuleCache) Len() int {
	c.mu.Lock()
	defer c.mu.Unlock()
	return len(c.rules)
}
