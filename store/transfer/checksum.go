package transfer

import (
	"crypto/sha256"
	"encoding/binary"
	"fmt"
	"hash"
	"math"
)

// checksum digests rows value by value, the same whichever store they come
// from: integers and booleans as 64-bit integers, text and bytes as bytes,
// numbers as their IEEE 754 bits, NULL as a mark of its own.
type checksum struct {
	h    hash.Hash
	rows int64
	buf  [9]byte
}

// newChecksum returns an empty checksum.
func newChecksum() *checksum { return &checksum{h: sha256.New()} }

// add digests one row.
func (c *checksum) add(row []any) error {
	for _, v := range row {
		if err := c.value(v); err != nil {
			return err
		}
	}
	c.rows++
	return nil
}

// value digests one value with a tag for its kind.
func (c *checksum) value(v any) error {
	switch x := v.(type) {
	case nil:
		c.h.Write([]byte{0})
	case int64:
		c.word(1, uint64(x))
	case int32:
		c.word(1, uint64(int64(x)))
	case int16:
		c.word(1, uint64(int64(x)))
	case bool:
		n := uint64(0)
		if x {
			n = 1
		}
		c.word(1, n)
	case float64:
		c.word(2, math.Float64bits(x))
	case string:
		c.bytes([]byte(x))
	case []byte:
		c.bytes(x)
	default:
		return fmt.Errorf("a value of an unexpected kind: %T", v)
	}
	return nil
}

// word digests a tagged 64-bit word.
func (c *checksum) word(tag byte, n uint64) {
	c.buf[0] = tag
	binary.BigEndian.PutUint64(c.buf[1:], n)
	c.h.Write(c.buf[:])
}

// bytes digests tagged, length-prefixed bytes.
func (c *checksum) bytes(b []byte) {
	c.word(3, uint64(len(b)))
	c.h.Write(b)
}

// sum returns the digest in hex.
func (c *checksum) sum() string { return fmt.Sprintf("%x", c.h.Sum(nil)) }
