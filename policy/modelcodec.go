package policy

import (
	"encoding/binary"
	"errors"
	"fmt"
	"math"
	"time"

	"vigil/estimate"
)

// Models are stored in a compact binary form: decoding JSON was the largest
// single cost of an unchanged fetch (the models are read, updated and
// written back at every fetch, and a weekly model alone is 168 rates; see
// docs/performance.md). The form is a four-byte header, modelsMagic, then
// every field of Models and of the estimators in a fixed order:
//
//   - a float64 as its 8 IEEE 754 bytes, little-endian, so that every rate
//     comes back bit for bit;
//   - an int, a count or a time.Duration as a signed varint;
//   - a bool as one byte, 0 or 1;
//   - a time.Time as a signed varint of Unix seconds and an unsigned varint
//     of nanoseconds, read back in UTC (the zero time stays zero);
//   - a string (the learner's clock) as an unsigned varint length and bytes;
//   - a slice as an unsigned varint length and its elements;
//   - an optional estimator (a pointer) as a byte 0 (nil) or 1, then its
//     fields.
//
// Models stored as JSON, before this form, are still read (UnmarshalModels
// tells the two apart by the first byte: JSON never starts with 0), and
// written in the new form at the feed's next fetch. TestModelsCodecCoversEveryField
// fails when a field is added to Models or an estimator without being
// added here.
var modelsMagic = [4]byte{0, 'v', 'm', 3}

// modelsMagicV2 is the header of the second binary form, which had no
// HourShape.Exposure and Seen; such models are read with none (they grow
// again from the next fetch with dates).
var modelsMagicV2 = [4]byte{0, 'v', 'm', 2}

// modelsMagicV1 is the header of the first binary form, which had no
// HourShape.Dated; such models are still read, their dated count 0 (it
// grows again from the next items with dates).
var modelsMagicV1 = [4]byte{0, 'v', 'm', 1}

// errShortModels is the error of encoded models that end too soon.
var errShortModels = errors.New("encoded models end too soon")

// encodeModels appends the binary form of m to b.
func encodeModels(b []byte, m *Models) []byte {
	b = append(b, modelsMagic[:]...)
	b = encodeEWMA(b, m.EWMA)
	b = encodePeriodic(b, m.Daily)
	b = encodePeriodic(b, m.Weekly)
	b = encodeLearned(b, m.Learned)
	b = encodeLearned(b, m.Novel)
	b = encodeHourShape(b, m.Posted)
	b = binary.AppendUvarint(b, uint64(len(m.Recent)))
	for _, t := range m.Recent {
		b = appendTime(b, t)
	}
	b = binary.AppendVarint(b, int64(m.Interval))
	b = appendBool(b, m.Changed)
	b = binary.AppendVarint(b, int64(m.Fetches))
	return appendBool(b, m.Page)
}

// decodeModels reads models encoded by encodeModels.
func decodeModels(b []byte) (*Models, error) {
	if len(b) < len(modelsMagic) {
		return nil, errors.New("not models in vigil's binary form")
	}
	head := [4]byte(b[:4])
	if head != modelsMagic && head != modelsMagicV2 && head != modelsMagicV1 {
		return nil, errors.New("not models in vigil's binary form")
	}
	r := &modelReader{b: b[len(modelsMagic):], v1: head == modelsMagicV1, v2: head == modelsMagicV2}
	m := &Models{
		EWMA: decodeEWMA(r), Daily: decodePeriodic(r), Weekly: decodePeriodic(r),
		Learned: decodeLearned(r), Novel: decodeLearned(r), Posted: decodeHourShape(r),
	}
	if n := r.length(2); n > 0 { // a time takes at least two bytes
		m.Recent = make([]time.Time, n)
		for i := range m.Recent {
			m.Recent[i] = r.time()
		}
	}
	m.Interval = time.Duration(r.varint())
	m.Changed = r.bool()
	m.Fetches = int(r.varint())
	m.Page = r.bool()
	if r.err == nil && len(r.b) > 0 {
		r.err = fmt.Errorf("%d bytes after the encoded models", len(r.b))
	}
	return m, r.err
}

// encodeEWMA appends an optional EWMA model.
func encodeEWMA(b []byte, m *estimate.EWMA) []byte {
	if b = appendBool(b, m != nil); m == nil {
		return b
	}
	b = appendFloat(b, m.Alpha)
	b = appendFloat(b, m.Rate)
	b = appendTime(b, m.Last)
	b = binary.AppendVarint(b, int64(m.N))
	return appendBool(b, m.Seeded)
}

// decodeEWMA reads what encodeEWMA wrote.
func decodeEWMA(r *modelReader) *estimate.EWMA {
	if !r.bool() {
		return nil
	}
	return &estimate.EWMA{Alpha: r.float(), Rate: r.float(), Last: r.time(), N: int(r.varint()), Seeded: r.bool()}
}

// encodePeriodic appends an optional periodic model.
func encodePeriodic(b []byte, m *estimate.Periodic) []byte {
	if b = appendBool(b, m != nil); m == nil {
		return b
	}
	b = binary.AppendVarint(b, int64(m.Period))
	b = appendTime(b, m.Origin)
	b = appendFloat(b, m.Alpha)
	b = appendFloats(b, m.Rates)
	b = appendBool(b, m.Weighted)
	b = appendBool(b, m.Seeded)
	return binary.AppendVarint(b, int64(m.N))
}

// decodePeriodic reads what encodePeriodic wrote.
func decodePeriodic(r *modelReader) *estimate.Periodic {
	if !r.bool() {
		return nil
	}
	return &estimate.Periodic{Period: time.Duration(r.varint()), Origin: r.time(), Alpha: r.float(),
		Rates: r.floats(), Weighted: r.bool(), Seeded: r.bool(), N: int(r.varint())}
}

// encodeLearned appends an optional learned-rate model.
func encodeLearned(b []byte, m *estimate.Learned) []byte {
	if b = appendBool(b, m != nil); m == nil {
		return b
	}
	b = appendFloat(b, m.Alpha0)
	b = appendFloat(b, m.G)
	b = binary.AppendUvarint(b, uint64(len(m.Clock)))
	b = append(b, m.Clock...)
	b = appendFloat(b, m.MinRate)
	b = appendFloat(b, m.Rate)
	b = appendTime(b, m.Added)
	b = appendTime(b, m.Last)
	return binary.AppendVarint(b, int64(m.Probes))
}

// decodeLearned reads what encodeLearned wrote.
func decodeLearned(r *modelReader) *estimate.Learned {
	if !r.bool() {
		return nil
	}
	return &estimate.Learned{Alpha0: r.float(), G: r.float(), Clock: estimate.LearnClock(r.string()),
		MinRate: r.float(), Rate: r.float(), Added: r.time(), Last: r.time(), Probes: int(r.varint())}
}

// encodeHourShape appends an optional hour shape.
func encodeHourShape(b []byte, m *estimate.HourShape) []byte {
	if b = appendBool(b, m != nil); m == nil {
		return b
	}
	b = binary.AppendVarint(b, int64(m.HalfLife))
	b = appendFloats(b, m.Counts)
	b = appendTime(b, m.Last)
	b = appendFloat(b, m.Dated)
	b = appendFloat(b, m.DatedSq)
	b = appendFloats(b, m.Exposure)
	return appendFloats(b, m.Seen)
}

// decodeHourShape reads what encodeHourShape wrote.
func decodeHourShape(r *modelReader) *estimate.HourShape {
	if !r.bool() {
		return nil
	}
	h := &estimate.HourShape{HalfLife: time.Duration(r.varint()), Counts: r.floats(), Last: r.time()}
	if !r.v1 {
		h.Dated, h.DatedSq = r.float(), r.float()
	}
	if !r.v1 && !r.v2 {
		h.Exposure, h.Seen = r.optionalFloats(), r.optionalFloats()
	}
	return h
}

// appendBool appends v as one byte.
func appendBool(b []byte, v bool) []byte {
	if v {
		return append(b, 1)
	}
	return append(b, 0)
}

// appendFloat appends v's 8 bytes.
func appendFloat(b []byte, v float64) []byte {
	return binary.LittleEndian.AppendUint64(b, math.Float64bits(v))
}

// appendFloats appends a length and the floats.
func appendFloats(b []byte, vs []float64) []byte {
	b = binary.AppendUvarint(b, uint64(len(vs)))
	for _, v := range vs {
		b = appendFloat(b, v)
	}
	return b
}

// appendTime appends t as Unix seconds and nanoseconds.
func appendTime(b []byte, t time.Time) []byte {
	b = binary.AppendVarint(b, t.Unix())
	return binary.AppendUvarint(b, uint64(t.Nanosecond()))
}

// zeroUnix is the zero time's Unix seconds.
var zeroUnix = time.Time{}.Unix()

// modelReader reads encoded models; its first error sticks and every read
// after it returns zero values, so that a decoder reads on and reports it
// once.
type modelReader struct {
	b   []byte
	err error
	v1  bool // the first binary form (modelsMagicV1)
	v2  bool // the second (modelsMagicV2)
}

// fail notes err unless an error is already noted.
func (r *modelReader) fail(err error) {
	if r.err == nil {
		r.err = err
	}
	r.b = nil
}

// bool reads one byte, which must be 0 or 1.
func (r *modelReader) bool() bool {
	if len(r.b) < 1 {
		r.fail(errShortModels)
		return false
	}
	v := r.b[0]
	r.b = r.b[1:]
	if v > 1 {
		r.fail(fmt.Errorf("a flag of the encoded models is %d, not 0 or 1", v))
	}
	return v == 1
}

// float reads 8 bytes.
func (r *modelReader) float() float64 {
	if len(r.b) < 8 {
		r.fail(errShortModels)
		return 0
	}
	v := math.Float64frombits(binary.LittleEndian.Uint64(r.b))
	r.b = r.b[8:]
	return v
}

// varint reads a signed varint.
func (r *modelReader) varint() int64 {
	v, n := binary.Varint(r.b)
	if n <= 0 {
		r.fail(errShortModels)
		return 0
	}
	r.b = r.b[n:]
	return v
}

// uvarint reads an unsigned varint.
func (r *modelReader) uvarint() uint64 {
	v, n := binary.Uvarint(r.b)
	if n <= 0 {
		r.fail(errShortModels)
		return 0
	}
	r.b = r.b[n:]
	return v
}

// length reads the length of a slice whose elements take at least size
// bytes each, refusing one longer than the bytes left could hold (a broken
// or hostile row cannot make the decoder allocate more than its own size).
func (r *modelReader) length(size int) int {
	n := r.uvarint()
	if n > uint64(len(r.b)/size) {
		r.fail(fmt.Errorf("encoded models claim %d elements in %d bytes", n, len(r.b)))
		return 0
	}
	return int(n)
}

// floats reads a length and as many floats.
func (r *modelReader) floats() []float64 {
	n := r.length(8)
	if r.err != nil {
		return nil
	}
	vs := make([]float64, n)
	for i := range vs {
		vs[i] = math.Float64frombits(binary.LittleEndian.Uint64(r.b[8*i:]))
	}
	r.b = r.b[8*n:]
	return vs
}

// optionalFloats is floats, nil when there are none: an optional slice
// that an encoder wrote empty for nil.
func (r *modelReader) optionalFloats() []float64 {
	if vs := r.floats(); len(vs) > 0 {
		return vs
	}
	return nil
}

// string reads a length and as many bytes.
func (r *modelReader) string() string {
	n := r.length(1)
	s := string(r.b[:n])
	r.b = r.b[n:]
	return s
}

// time reads Unix seconds and nanoseconds, in UTC; the zero time's stay
// the zero time.
func (r *modelReader) time() time.Time {
	s, ns := r.varint(), r.uvarint()
	if ns >= 1e9 {
		r.fail(fmt.Errorf("a time of the encoded models has %d nanoseconds", ns))
		return time.Time{}
	}
	if s == zeroUnix && ns == 0 {
		return time.Time{}
	}
	return time.Unix(s, int64(ns)).UTC()
}
