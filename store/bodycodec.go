package store

import (
	"bytes"
	"compress/flate"
	"fmt"
	"io"
	"sync"

	"github.com/klauspost/compress/zstd"

	"vigil"
	"vigil/store/itembody"
)

// bodyLevel is the zstd level item bodies are compressed at: the default,
// which costs little beside parsing the feed the body came in.
const bodyLevel = zstd.SpeedDefault

// BodyCodec returns the one codec of the process's item bodies: its zstd
// encoder and decoder are reused by every call, whichever database they
// serve.
var BodyCodec = sync.OnceValues(func() (*itembody.Codec, error) { return itembody.New(bodyLevel) })

// EncodeBody returns the stored summary and content of it (see itembody):
// compressed, with a summary that the content repeats kept as a reference.
func EncodeBody(it *vigil.Item) (summary, content []byte, err error) {
	c, err := BodyCodec()
	if err != nil {
		return nil, nil, err
	}
	summary, content = c.Encode(it.Summary, it.Content)
	return summary, content, nil
}

// DecodeBody sets it's summary and content from their stored values.
func DecodeBody(it *vigil.Item, summary, content []byte) error {
	c, err := BodyCodec()
	if err != nil {
		return err
	}
	it.Summary, it.Content, err = c.Decode(summary, content)
	if err != nil {
		return fmt.Errorf("item %d: %w", it.ID, err)
	}
	return nil
}

// Deflate compresses a page body or extract as both stores keep it, DEFLATE
// at level 6, so that vigil migrate copies them between the stores as they
// are. DEFLATE from the standard library keeps vigil free of a second
// compression dependency for page bodies.
func Deflate(b []byte) ([]byte, error) {
	var buf bytes.Buffer
	// Room for the worst case, stored blocks (5 bytes per 64 KiB), so a
	// large body that does not compress is written without the buffer
	// growing (and copying) a dozen times.
	buf.Grow(len(b) + 5*(len(b)>>16+1) + 16)
	w, err := flate.NewWriter(&buf, flate.DefaultCompression)
	if err != nil {
		return nil, err
	}
	if _, err := w.Write(b); err != nil {
		return nil, err
	}
	if err := w.Close(); err != nil {
		return nil, err
	}
	return buf.Bytes(), nil
}

// Inflate decompresses what Deflate made; nil stays nil.
func Inflate(b []byte) ([]byte, error) {
	if b == nil {
		return nil, nil
	}
	return io.ReadAll(flate.NewReader(bytes.NewReader(b)))
}
