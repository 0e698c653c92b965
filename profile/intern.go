package profile

import "hash/maphash"

// inlineKey is the longest term a termIndex slot holds in place. Stems and
// most lexical affinities ("stem stem") fit.
const inlineKey = 22

// termIndex maps term strings to IDs. It is an open-addressing hash table
// with linear probing whose 32-byte slots hold a short term in place, so
// that finding a known term usually touches one cache line, where a map of
// strings reaches its control word, a slot and the string's bytes apart;
// the corpus looks up every term of every item, and this was its largest
// cost. The slots hold no pointers, so the garbage collector does not scan
// them. Longer terms are compared with the corpus's copy.
type termIndex struct {
	seed  maphash.Seed
	slots []termSlot // a power of two in length, at most three quarters full
	n     int
}

// termSlot is one slot: tag is the hash's high half with the low bit set
// (0 marks an empty slot); size is the term's length, or 0xff when the
// term is longer than inlineKey and kept only by the corpus.
type termSlot struct {
	tag  uint32
	id   uint32
	size uint8
	key  [inlineKey]byte
}

// find returns the ID of term, if indexed; long returns the term of a
// long-term slot's ID.
func (x *termIndex) find(term string, long func(uint32) string) (uint32, bool) {
	if x.n == 0 {
		return 0, false
	}
	h := maphash.String(x.seed, term)
	tag := uint32(h>>32) | 1
	mask := uint64(len(x.slots) - 1)
	for i := h & mask; ; i = (i + 1) & mask {
		s := &x.slots[i]
		switch {
		case s.tag == 0:
			return 0, false
		case s.tag == tag && s.holds(term, long):
			return s.id, true
		}
	}
}

// holds reports whether the slot is term's.
func (s *termSlot) holds(term string, long func(uint32) string) bool {
	if len(term) > inlineKey {
		return s.size == 0xff && long(s.id) == term
	}
	return int(s.size) == len(term) && string(s.key[:s.size]) == term
}

// full reports whether n terms would fill the table past three quarters.
// Linear probing then takes about 2.5 probes to find a term and 8.5 to
// miss one (Knuth), in slots of half a cache line; at half full, 1.5 and
// 2.5, in up to twice the memory: a live profiler holds hundreds of
// thousands of terms.
func (x *termIndex) full(n int) bool { return 4*n > 3*len(x.slots) }

// add indexes a term known to be absent under id.
func (x *termIndex) add(term string, id uint32, long func(uint32) string) {
	if x.full(x.n + 1) {
		x.grow(long)
	}
	s := termSlot{id: id, size: 0xff}
	if len(term) <= inlineKey {
		s.size = uint8(copy(s.key[:], term))
	}
	x.place(s, maphash.String(x.seed, term))
	x.n++
}

// place puts slot s in the first free slot for hash h.
func (x *termIndex) place(s termSlot, h uint64) {
	s.tag = uint32(h>>32) | 1
	mask := uint64(len(x.slots) - 1)
	i := h & mask
	for x.slots[i].tag != 0 {
		i = (i + 1) & mask
	}
	x.slots[i] = s
}

// grow doubles the table (or makes the first one), placing every term
// again.
func (x *termIndex) grow(long func(uint32) string) {
	old := x.slots
	if x.slots == nil {
		x.seed = maphash.MakeSeed()
	}
	x.slots = make([]termSlot, max(64, 2*len(old)))
	for _, s := range old {
		if s.tag == 0 {
			continue
		}
		x.place(s, s.hash(x.seed, long))
	}
}

// reserve makes room for n more terms without growing on the way.
func (x *termIndex) reserve(n int, long func(uint32) string) {
	for x.full(x.n + n) {
		x.grow(long)
	}
}

// remove takes an indexed term out, shifting back the slots that follow
// it in its probe run so that every other term stays reachable (linear
// probing's deletion without tombstones).
func (x *termIndex) remove(term string, long func(uint32) string) {
	h := maphash.String(x.seed, term)
	tag := uint32(h>>32) | 1
	mask := uint64(len(x.slots) - 1)
	i := h & mask
	for x.slots[i].tag != tag || !x.slots[i].holds(term, long) {
		if x.slots[i].tag == 0 {
			return // not indexed
		}
		i = (i + 1) & mask
	}
	for j := (i + 1) & mask; x.slots[j].tag != 0; j = (j + 1) & mask {
		home := x.slots[j].hash(x.seed, long) & mask
		// The slot at j may move to the hole at i when its home is not
		// between the hole and j (cyclically).
		if (j-home)&mask >= (j-i)&mask {
			x.slots[i] = x.slots[j]
			i = j
		}
	}
	x.slots[i] = termSlot{}
	x.n--
}

// hash returns the hash of the term a used slot holds.
func (s *termSlot) hash(seed maphash.Seed, long func(uint32) string) uint64 {
	if s.size == 0xff {
		return maphash.String(seed, long(s.id))
	}
	return maphash.Bytes(seed, s.key[:s.size]) // equal to String's for the same bytes
}
