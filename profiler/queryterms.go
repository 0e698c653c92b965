package profiler

// QueryTerm is one term a channel query is analysed into, with the number
// of items seen that use it: a term in no item, or in every item (whose
// idf, ln(N/df), is 0), cannot rank a channel.
type QueryTerm struct {
	Term string
	DF   int64
}

// QueryTerms returns the terms SearchChannels analyses query into, each
// with its document frequency, and the number of items seen: what tells
// why a query ranks no channel.
func (p *Profiler) QueryTerms(query string) ([]QueryTerm, int64) {
	an := p.pool.get()
	terms := an.query(query)
	p.pool.put(an)
	p.mu.RLock()
	defer p.mu.RUnlock()
	out := make([]QueryTerm, len(terms))
	for i, t := range terms {
		out[i] = QueryTerm{Term: t, DF: p.corpus.DF(t)}
	}
	return out, p.corpus.N()
}
