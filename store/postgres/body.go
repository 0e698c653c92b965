package postgres

import (
	"fmt"
	"sync"

	"github.com/klauspost/compress/zstd"

	"vigil"
	"vigil/store/itembody"
)

// bodyLevel is the zstd level item bodies are compressed at: the default
// level stores ~2 KB of HTML in about a third of its size at a fraction of
// the cost of parsing the feed it came in.
const bodyLevel = zstd.SpeedDefault

// bodyCodec is the one codec of the process's item bodies: its zstd encoder
// and decoder are reused by every call, whichever database they serve.
var bodyCodec = sync.OnceValues(func() (*itembody.Codec, error) { return itembody.New(bodyLevel) })

// encodeBody returns the stored summary and content of it (see itembody):
// compressed, with a summary that the content repeats kept as a reference.
func encodeBody(it *vigil.Item) (summary, content []byte, err error) {
	c, err := bodyCodec()
	if err != nil {
		return nil, nil, err
	}
	summary, content = c.Encode(it.Summary, it.Content)
	return summary, content, nil
}

// decodeBody sets it's summary and content from their stored values.
func decodeBody(it *vigil.Item, summary, content []byte) error {
	c, err := bodyCodec()
	if err != nil {
		return err
	}
	it.Summary, it.Content, err = c.Decode(summary, content)
	if err != nil {
		return fmt.Errorf("item %d: %w", it.ID, err)
	}
	return nil
}
