package policy

// decodedCap bounds how many decoded models Live keeps between an Observe
// and the Next of the same fetch: about the fetches in flight at once.
const decodedCap = 64

// decoded is a feed's models as Observe left them, with the encoding it
// stored in the feed: the Next that follows takes them back instead of
// decoding that encoding again (a third of a 304's CPU in the monitor
// went to decoding a feed's models twice).
type decoded struct {
	model []byte
	m     *Models
}

// keepDecoded notes the models m of feed id, whose encoding is model, for
// takeDecoded; l.mu must be held.
func (l *Live) keepDecoded(id int64, model []byte, m *Models) {
	if len(model) == 0 {
		return
	}
	if l.decoded == nil || len(l.decoded) >= decodedCap {
		l.decoded = make(map[int64]decoded, decodedCap)
	}
	l.decoded[id] = decoded{model: model, m: m}
}

// takeDecoded returns, and forgets, the models keepDecoded noted for feed
// id if model is the very encoding noted with them (the same bytes in
// memory, not a copy that may have been changed); l.mu must be held.
func (l *Live) takeDecoded(id int64, model []byte) (*Models, bool) {
	d, ok := l.decoded[id]
	if !ok {
		return nil, false
	}
	delete(l.decoded, id)
	if len(model) == 0 || len(d.model) != len(model) || &d.model[0] != &model[0] {
		return nil, false
	}
	return d.m, true
}
