package profile

import (
	"cmp"
	"encoding/binary"
	"errors"
	"fmt"
	"math"
	"slices"
	"strings"
)

// channelMagic opens every encoded Channel; channelVersion is the format
// below.
const (
	channelMagic   = "VGCH"
	channelVersion = 2
)

// Encode returns the channel in a versioned binary form that names terms by
// their strings, since term IDs are local to c's process:
//
//	"VGCH" version(uvarint=2)
//	K(uvarint) β(float64) flags(byte: 1 FilterWithPrevious, 2 Exact)
//	MaxTerms(varint, -1 for no cap)
//	items(uvarint) novel(uvarint) ΣΔ(float64) ΣΔ²(float64)
//	terms(uvarint) then each term: length(uvarint) bytes
//	docs(uvarint), oldest first, each: entries(uvarint) then
//	  each entry: term index(uvarint) count(uvarint)
//
// Floats are IEEE 754 bits, little-endian. Terms are listed in order of
// first use; a doc's entries are in term order. The encoding depends only on
// the channel's content, not on term IDs. Decode also reads version 1,
// which had no MaxTerms: such a channel gets DefaultMaxTerms, applied as
// it is decoded.
func (ch *Channel) Encode(c *Corpus) []byte {
	buf := ch.appendHeader([]byte(channelMagic))
	table, rows := termTable(c, ch.win.docs())
	buf = binary.AppendUvarint(buf, uint64(len(table)))
	for _, t := range table {
		buf = binary.AppendUvarint(buf, uint64(len(t)))
		buf = append(buf, t...)
	}
	buf = binary.AppendUvarint(buf, uint64(len(rows)))
	for _, row := range rows {
		buf = binary.AppendUvarint(buf, uint64(len(row)))
		for _, e := range row {
			buf = binary.AppendUvarint(buf, uint64(e.ID))
			buf = binary.AppendUvarint(buf, uint64(e.Count))
		}
	}
	return buf
}

// appendHeader appends the version, configuration and cohesion sums.
func (ch *Channel) appendHeader(buf []byte) []byte {
	buf = binary.AppendUvarint(buf, channelVersion)
	buf = binary.AppendUvarint(buf, uint64(ch.cfg.K))
	buf = binary.LittleEndian.AppendUint64(buf, math.Float64bits(ch.cfg.Beta))
	buf = append(buf, configFlags(ch.cfg))
	buf = binary.AppendVarint(buf, int64(ch.cfg.MaxTerms))
	buf = binary.AppendUvarint(buf, uint64(ch.items))
	buf = binary.AppendUvarint(buf, uint64(ch.novel))
	buf = binary.LittleEndian.AppendUint64(buf, math.Float64bits(ch.sum))
	return binary.LittleEndian.AppendUint64(buf, math.Float64bits(ch.sum2))
}

func configFlags(cfg Config) byte {
	var f byte
	if cfg.FilterWithPrevious {
		f |= 1
	}
	if cfg.Exact {
		f |= 2
	}
	return f
}

// termTable lists the terms of docs by first use and rewrites each doc in
// table indexes, entries in term order.
func termTable(c *Corpus, docs []Doc) ([]string, []Doc) {
	index := make(map[uint32]uint32)
	var table []string
	rows := make([]Doc, len(docs))
	for i, d := range docs {
		byTerm := slices.Clone(d)
		slices.SortFunc(byTerm, func(a, b TermCount) int {
			return strings.Compare(c.Term(a.ID), c.Term(b.ID))
		})
		for _, e := range byTerm {
			j, ok := index[e.ID]
			if !ok {
				j = uint32(len(table))
				index[e.ID] = j
				table = append(table, c.Term(e.ID))
			}
			rows[i] = append(rows[i], TermCount{ID: j, Count: e.Count})
		}
	}
	return table, rows
}

// Decode rebuilds a Channel from Encode's form, interning its terms in c
// (without counting them: the corpus counts are restored on their own, see
// Corpus.Restore). It returns an error naming what is wrong when data is
// truncated, of another version, or inconsistent; c is then unchanged.
func Decode(c *Corpus, data []byte) (*Channel, error) {
	ch, err := decodeChannel(c, &reader{data: data})
	if err != nil {
		return nil, fmt.Errorf("profile: unable to decode channel: %w", err)
	}
	return ch, nil
}

func decodeChannel(c *Corpus, r *reader) (*Channel, error) {
	if !r.magic(channelMagic) {
		return nil, errors.New("not an encoded channel (bad magic)")
	}
	v := r.uvarint()
	if r.err == nil && v != 1 && v != channelVersion {
		return nil, fmt.Errorf("unknown format version %d", v)
	}
	cfg, err := decodeConfig(r, v)
	if err != nil {
		return nil, err
	}
	ch, err := NewChannel(cfg)
	if err != nil {
		return nil, err
	}
	if err := decodeStats(r, ch); err != nil {
		return nil, err
	}
	docs, err := decodeDocs(c, r, ch)
	if err != nil {
		return nil, err
	}
	ch.win.load(c, docs)
	if ch.cfg.MaxTerms > 0 {
		ch.win.capTerms(c, ch.cfg.MaxTerms)
	}
	return ch, nil
}

// decodeConfig reads the configuration of an encoding of the given
// version.
func decodeConfig(r *reader, version uint64) (Config, error) {
	k := r.uvarint()
	beta := r.float()
	flags := r.byte()
	var maxTerms int64
	if version >= 2 {
		maxTerms = r.varint()
	}
	if r.err != nil {
		return Config{}, r.err
	}
	if maxTerms < -1 || maxTerms > maxMaxTerms {
		return Config{}, fmt.Errorf("MaxTerms = %d outside [-1, %d]", maxTerms, maxMaxTerms)
	}
	if k == 0 || k > maxK {
		return Config{}, fmt.Errorf("window K = %d outside [1, %d]", k, maxK)
	}
	if flags > 3 {
		return Config{}, fmt.Errorf("unknown flags %#x", flags)
	}
	return Config{K: int(k), Beta: beta, MaxTerms: int(maxTerms), FilterWithPrevious: flags&1 != 0, Exact: flags&2 != 0}, nil
}

func decodeStats(r *reader, ch *Channel) error {
	items, novel := r.uvarint(), r.uvarint()
	sum, sum2 := r.float(), r.float()
	if r.err != nil {
		return r.err
	}
	if items > math.MaxInt64 {
		return fmt.Errorf("item count %d too large", items)
	}
	if novel > items {
		return fmt.Errorf("novel count %d exceeds item count %d", novel, items)
	}
	// Each Δ lies in [0, 1], so 0 ≤ ΣΔ² ≤ ΣΔ ≤ N (up to rounding).
	n := float64(items)
	if !(sum >= 0 && sum <= n*(1+1e-9)) || !(sum2 >= 0 && sum2 <= sum*(1+1e-9)+1e-9) {
		return fmt.Errorf("cohesion sums ΣΔ = %v, ΣΔ² = %v impossible for %d items", sum, sum2, items)
	}
	ch.items, ch.novel, ch.sum, ch.sum2 = int64(items), int64(novel), sum, sum2
	return nil
}

// decodeDocs reads the term table and the window of ch, checking
// everything before it interns the terms in c.
func decodeDocs(c *Corpus, r *reader, ch *Channel) ([]Doc, error) {
	table, err := decodeTerms(r)
	if err != nil {
		return nil, err
	}
	n := r.count(1)
	if r.err != nil {
		return nil, r.err
	}
	if n > ch.cfg.K {
		return nil, fmt.Errorf("window holds %d items, more than K = %d", n, ch.cfg.K)
	}
	if int64(n) > ch.items {
		return nil, fmt.Errorf("window holds %d items but only %d were folded in", n, ch.items)
	}
	docs := make([]Doc, n)
	for i := range docs {
		if docs[i], err = decodeDoc(r, len(table)); err != nil {
			return nil, fmt.Errorf("item %d of the window: %w", i, err)
		}
	}
	if r.err != nil {
		return nil, r.err
	}
	if len(r.data) > r.pos {
		return nil, fmt.Errorf("%d trailing bytes at offset %d", len(r.data)-r.pos, r.pos)
	}
	internDocs(c, table, docs)
	return docs, nil
}

// internDocs interns the term table in c and turns the docs' table
// indexes into term IDs, sorted.
func internDocs(c *Corpus, table []string, docs []Doc) {
	ids := make([]uint32, len(table))
	for i, t := range table {
		ids[i] = c.intern(t)
	}
	for _, d := range docs {
		for i := range d {
			d[i].ID = ids[d[i].ID]
		}
		slices.SortFunc(d, func(a, b TermCount) int { return cmp.Compare(a.ID, b.ID) })
	}
}

// decodeTerms reads the term table.
func decodeTerms(r *reader) ([]string, error) {
	n := r.count(2)
	table := make([]string, 0, n)
	seen := make(map[string]bool, n)
	for i := 0; i < n && r.err == nil; i++ {
		t := string(r.bytes(r.count(1)))
		switch {
		case r.err != nil:
		case t == "":
			return nil, fmt.Errorf("term %d is empty", i)
		case seen[t]:
			return nil, fmt.Errorf("term %q listed twice", t)
		default:
			seen[t] = true
			table = append(table, t)
		}
	}
	return table, r.err
}

// decodeDoc reads one Doc of the window, with IDs that are still indexes
// in the term table of the given size.
func decodeDoc(r *reader, terms int) (Doc, error) {
	n := r.count(2)
	d := make(Doc, 0, n)
	for i := 0; i < n && r.err == nil; i++ {
		j, count := r.uvarint(), r.uvarint()
		if r.err != nil {
			break
		}
		if j >= uint64(terms) {
			return nil, fmt.Errorf("term index %d outside the %d terms", j, terms)
		}
		if count == 0 || count > math.MaxUint32/uint64(maxK) {
			return nil, fmt.Errorf("term count %d outside [1, %d]", count, math.MaxUint32/maxK)
		}
		d = append(d, TermCount{ID: uint32(j), Count: uint32(count)})
	}
	if r.err != nil {
		return nil, r.err
	}
	slices.SortFunc(d, func(a, b TermCount) int { return cmp.Compare(a.ID, b.ID) })
	for i := 1; i < len(d); i++ {
		if d[i].ID == d[i-1].ID {
			return nil, fmt.Errorf("term index %d occurs twice", d[i].ID)
		}
	}
	return d, nil
}
