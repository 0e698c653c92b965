package profile

import "encoding/binary"

// packedDoc is a Doc as a channel's window keeps it: for each entry, in ID
// order, the gap from the previous ID (the first: the ID) and the count,
// as unsigned varints, about three bytes an entry where a Doc takes eight.
// A live profiler keeps the last k items of every channel, millions of
// entries in all.
type packedDoc []byte

// pack returns d packed, in memory of its own size; the corpus lends the
// buffer it is built in.
func (c *Corpus) pack(d Doc) packedDoc {
	if len(d) == 0 {
		return nil
	}
	b := c.packing[:0]
	prev := uint32(0)
	for _, e := range d {
		b = binary.AppendUvarint(b, uint64(e.ID-prev))
		b = binary.AppendUvarint(b, uint64(e.Count))
		prev = e.ID
	}
	c.packing = b
	return append(packedDoc(nil), b...)
}

// unpack appends the entries of p to into[:0] and returns it.
func (p packedDoc) unpack(into Doc) Doc {
	into = into[:0]
	id := uint32(0)
	for i := 0; i < len(p); {
		gap, n := binary.Uvarint(p[i:])
		i += n
		count, m := binary.Uvarint(p[i:])
		i += m
		id += uint32(gap)
		into = append(into, TermCount{ID: id, Count: uint32(count)})
	}
	return into
}
