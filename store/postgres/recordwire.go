package postgres

import (
	"encoding/binary"
	"fmt"
	"math"
	"time"

	"vigil"
	"vigil/store"
)

// The types of the record statements' parameters (pg_type OIDs), as
// scalars and as arrays.
const (
	oidBool    = 16
	oidBytea   = 17
	oidInt8    = 20
	oidInt4    = 23
	oidText    = 25
	oidFloat8  = 701
	oidBools   = 1000
	oidByteas  = 1001
	oidInt4s   = 1007
	oidTexts   = 1009
	oidInt8s   = 1016
	oidFloat8s = 1022
)

// arrayOf is the OID of the array type of the scalar type oid.
var arrayOf = map[uint32]uint32{
	oidBool: oidBools, oidBytea: oidByteas, oidInt4: oidInt4s, oidInt8: oidInt8s, oidText: oidTexts, oidFloat8: oidFloat8s,
}

// wire writes the parameters of a record statement in PostgreSQL's binary
// format into one buffer that the recorder reuses from statement to
// statement. A 304's record is mostly the feed's model (about 2 KB), and
// written through pgx's type map each statement grew and dropped buffers
// of several times that: allocations that, in a pass of 304s, are most of
// what its collector works through. The recorder sends one statement at a
// time, so one wire serves all its statements.
type wire struct {
	buf   []byte
	spans []span
	vals  [][]byte // what values returned last, reused
	err   error
}

// span is one parameter's bytes in the buffer; a NULL has none.
type span struct {
	start, end int
	null       bool
}

// recordParam is one parameter of recordFetchSQL (and, as an array, of
// recordFetchesSQL): its scalar type and what writes its value of a
// record, which reports a NULL.
type recordParam struct {
	oid   uint32
	write func(w *wire, r *record) (null bool)
}

// recordParams are the parameters of recordFetchSQL in order ($1 first):
// the feed's state, as queueFeedState writes it, then its ID and the
// observation.
var recordParams = []recordParam{
	{oidText, func(w *wire, r *record) bool { return w.text(r.feed.Title) }},
	{oidText, func(w *wire, r *record) bool { return w.text(r.feed.SiteURL) }},
	{oidText, func(w *wire, r *record) bool { return w.text(r.feed.Description) }},
	{oidText, func(w *wire, r *record) bool { return w.text(r.feed.Language) }},
	{oidText, func(w *wire, r *record) bool { return w.text(string(r.feed.Status)) }},
	{oidText, func(w *wire, r *record) bool { return w.text(r.feed.ETag) }},
	{oidText, func(w *wire, r *record) bool { return w.text(r.feed.LastModified) }},
	{oidInt8, func(w *wire, r *record) bool { return w.instant(r.feed.LastFetch) }},
	{oidInt8, func(w *wire, r *record) bool { return w.instant(r.feed.LastSuccess) }},
	{oidInt8, func(w *wire, r *record) bool { return w.instant(r.feed.NextFetch) }},
	{oidInt4, func(w *wire, r *record) bool { return w.int4(r.feed.LastStatus) }},
	{oidText, func(w *wire, r *record) bool { return w.text(r.feed.LastError) }},
	{oidInt4, func(w *wire, r *record) bool { return w.int4(r.feed.Failures) }},
	{oidInt8, func(w *wire, r *record) bool { return w.instant(r.feed.FailingSince) }},
	{oidInt4, func(w *wire, r *record) bool { return w.int4(r.feed.Missing) }},
	{oidText, func(w *wire, r *record) bool { return w.text(r.hints) }},
	{oidInt4, func(w *wire, r *record) bool { return w.int4(r.feed.Window) }},
	{oidBytea, func(w *wire, r *record) bool { return w.bytea(r.model) }},
	{oidFloat8, func(w *wire, r *record) bool { return w.float8(r.feed.Rate) }},
	{oidInt8, func(w *wire, r *record) bool { return w.int8(r.obs.FeedID) }},
	{oidInt8, func(w *wire, r *record) bool { return w.instant(r.obs.At) }},
	{oidInt4, func(w *wire, r *record) bool { return w.int4(r.obs.Status) }},
	{oidInt8, func(w *wire, r *record) bool { return w.int8(r.obs.Bytes) }},
	{oidInt8, func(w *wire, r *record) bool { return w.int8(int64(r.obs.Latency)) }},
	{oidInt4, func(w *wire, r *record) bool { return w.int4(r.obs.Items) }},
	{oidBool, func(w *wire, r *record) bool { return w.bool(r.obs.NotModified) }},
	{oidText, func(w *wire, r *record) bool { return w.text(r.obs.Error) }},
}

// binaryFormats asks for every parameter and result in binary format.
var binaryFormats = func() []int16 {
	f := make([]int16, len(recordParams))
	for i := range f {
		f[i] = 1
	}
	return f
}()

// reset empties the wire for the next statement, keeping its buffer
// unless a large batch grew it past what a usual one needs.
func (w *wire) reset() {
	if cap(w.buf) > 1<<20 || w.buf == nil {
		w.buf = make([]byte, 0, 8<<10)
	}
	w.buf, w.spans, w.err = w.buf[:0], w.spans[:0], nil
}

// scalars writes the parameters of recordFetchSQL for r.
func (w *wire) scalars(r *record) {
	w.reset()
	for _, p := range recordParams {
		start := len(w.buf)
		null := p.write(w, r)
		if null {
			w.buf = w.buf[:start]
		}
		w.spans = append(w.spans, span{start, len(w.buf), null})
	}
}

// arrays writes the parameters of recordFetchesSQL for batch: one
// one-dimensional array per parameter of recordFetchSQL.
func (w *wire) arrays(batch []*record) {
	w.reset()
	for _, p := range recordParams {
		start := len(w.buf)
		w.buf = binary.BigEndian.AppendUint32(w.buf, 1) // dimensions
		w.buf = binary.BigEndian.AppendUint32(w.buf, 0) // has NULLs: set below
		w.buf = binary.BigEndian.AppendUint32(w.buf, p.oid)
		w.buf = binary.BigEndian.AppendUint32(w.buf, uint32(len(batch)))
		w.buf = binary.BigEndian.AppendUint32(w.buf, 1) // lower bound
		nulls := false
		for _, r := range batch {
			at := len(w.buf)
			w.buf = append(w.buf, 0, 0, 0, 0)
			if p.write(w, r) {
				w.buf = w.buf[:at+4]
				binary.BigEndian.PutUint32(w.buf[at:], math.MaxUint32) // -1: NULL
				nulls = true
				continue
			}
			binary.BigEndian.PutUint32(w.buf[at:], uint32(len(w.buf)-at-4))
		}
		if nulls {
			binary.BigEndian.PutUint32(w.buf[start+4:], 1)
		}
		w.spans = append(w.spans, span{start, len(w.buf), false})
	}
}

// values returns the parameters written, as pgconn takes them (nil for
// NULL), or the first value that could not be written. The slice is the
// wire's own, valid until its next statement is written.
func (w *wire) values() ([][]byte, error) {
	if w.err != nil {
		return nil, w.err
	}
	w.vals = w.vals[:0]
	for _, s := range w.spans {
		var v []byte
		if !s.null {
			v = w.buf[s.start:s.end:s.end]
		}
		w.vals = append(w.vals, v)
	}
	return w.vals, nil
}

// text writes s as PostgreSQL text keeps it (clean).
func (w *wire) text(s string) bool {
	w.buf = append(w.buf, clean(s)...)
	return false
}

// bytea writes b; nil is NULL, as pgx writes it.
func (w *wire) bytea(b []byte) bool {
	w.buf = append(w.buf, b...)
	return b == nil
}

// int8 writes v.
func (w *wire) int8(v int64) bool {
	w.buf = binary.BigEndian.AppendUint64(w.buf, uint64(v))
	return false
}

// int4 writes v, which must fit in 32 bits.
func (w *wire) int4(v int) bool {
	if v < math.MinInt32 || v > math.MaxInt32 {
		if w.err == nil {
			w.err = vigil.Errorf(vigil.EINVALID, "record: %d does not fit an integer column", v)
		}
		v = 0
	}
	w.buf = binary.BigEndian.AppendUint32(w.buf, uint32(int32(v)))
	return false
}

// float8 writes v.
func (w *wire) float8(v float64) bool {
	w.buf = binary.BigEndian.AppendUint64(w.buf, math.Float64bits(v))
	return false
}

// bool writes v.
func (w *wire) bool(v bool) bool {
	b := byte(0)
	if v {
		b = 1
	}
	w.buf = append(w.buf, b)
	return false
}

// instant writes t as stored (store.Nanos); the zero time is NULL.
func (w *wire) instant(t time.Time) bool {
	n := store.Nanos(t)
	if !n.Valid {
		return true
	}
	return w.int8(n.Int64)
}

// checkParams returns an error unless a record statement's parameters,
// as the server described them, are of the types recordParams writes
// (as arrays when arrays is set).
func checkParams(name string, oids []uint32, arrays bool) error {
	if len(oids) != len(recordParams) {
		return fmt.Errorf("postgres: %s takes %d parameters, vigil writes %d", name, len(oids), len(recordParams))
	}
	for i, p := range recordParams {
		want := p.oid
		if arrays {
			want = arrayOf[p.oid]
		}
		if oids[i] != want {
			return fmt.Errorf("postgres: %s's parameter $%d is of type %d, vigil writes type %d", name, i+1, oids[i], want)
		}
	}
	return nil
}
