package profile

import (
	"encoding/binary"
	"errors"
	"fmt"
	"math"
)

// reader reads the fields of an encoded Channel, remembering the first
// error; once it has failed every read returns zero values.
type reader struct {
	data []byte
	pos  int
	err  error
}

var errTruncated = errors.New("data truncated")

func (r *reader) fail(err error) {
	if r.err == nil {
		r.err = fmt.Errorf("%w at offset %d", err, r.pos)
	}
}

func (r *reader) magic(m string) bool {
	if len(r.data) < len(m) || string(r.data[:len(m)]) != m {
		return false
	}
	r.pos = len(m)
	return true
}

func (r *reader) uvarint() uint64 {
	if r.err != nil {
		return 0
	}
	v, n := binary.Uvarint(r.data[r.pos:])
	if n <= 0 {
		r.fail(errors.New("bad or truncated number"))
		return 0
	}
	r.pos += n
	return v
}

func (r *reader) varint() int64 {
	if r.err != nil {
		return 0
	}
	v, n := binary.Varint(r.data[r.pos:])
	if n <= 0 {
		r.fail(errors.New("bad or truncated number"))
		return 0
	}
	r.pos += n
	return v
}

func (r *reader) byte() byte {
	b := r.bytes(1)
	if len(b) == 0 {
		return 0
	}
	return b[0]
}

func (r *reader) float() float64 {
	b := r.bytes(8)
	if len(b) == 0 {
		return 0
	}
	return math.Float64frombits(binary.LittleEndian.Uint64(b))
}

func (r *reader) bytes(n int) []byte {
	if r.err != nil {
		return nil
	}
	if n > len(r.data)-r.pos {
		r.fail(errTruncated)
		return nil
	}
	b := r.data[r.pos : r.pos+n]
	r.pos += n
	return b
}

// count reads a number of elements that each take at least size bytes,
// refusing one larger than the data left can hold.
func (r *reader) count(size int) int {
	v := r.uvarint()
	if r.err == nil && v > uint64((len(r.data)-r.pos)/size) {
		r.fail(fmt.Errorf("count %d exceeds what the remaining %d bytes can hold", v, len(r.data)-r.pos))
		return 0
	}
	return int(v)
}
