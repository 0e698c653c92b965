package profiler

import (
	"encoding/binary"
	"errors"
	"fmt"
	"time"

	"vigil/estimate"
	"vigil/profile"
)

// stateVersion is the version byte that starts a channel's state blob.
const stateVersion = 1

// channel is one channel's live state: its content profile and the
// learned rate of its novel items (nil until its first fetch).
type channel struct {
	profile *profile.Channel
	novel   *estimate.Learned
}

// observe feeds the novel count of a fetch at t to the channel's learned
// rate (Roitman et al. Eq. 5 with novelty detection, §5.3.1). A channel's
// first fetch only starts the learner, as policy.Models does: its items
// were published before anyone watched.
func (ch *channel) observe(t time.Time, novel int) {
	if ch.novel == nil {
		ch.novel = estimate.NewLearned(t)
		return
	}
	ch.novel.Observe(t, novel)
}

// novelPerDay is the learned rate of novel items per day, 0 until the
// learner has seen a fetch after the first.
func (ch *channel) novelPerDay() float64 {
	if ch.novel == nil || ch.novel.Probes == 0 {
		return 0
	}
	return ch.novel.Rate * 24
}

// updated is when the channel last had items folded in: the time of its
// latest fetch.
func (ch *channel) updated() time.Time {
	if ch.novel == nil {
		return time.Time{}
	}
	return ch.novel.Last
}

// encode returns the channel's state blob: the version byte, the length
// of the profile's encoding (uvarint), that encoding (profile.Channel's
// own versioned form) and the learner's JSON, absent while there is none.
func (ch *channel) encode(c *profile.Corpus) ([]byte, error) {
	prof := ch.profile.Encode(c)
	b := make([]byte, 0, 1+binary.MaxVarintLen64+len(prof)+256)
	b = append(b, stateVersion)
	b = binary.AppendUvarint(b, uint64(len(prof)))
	b = append(b, prof...)
	if ch.novel != nil {
		model, err := ch.novel.MarshalModel()
		if err != nil {
			return nil, fmt.Errorf("profiler: unable to encode the novel-rate model: %w", err)
		}
		b = append(b, model...)
	}
	return b, nil
}

// decodeChannel rebuilds a channel from its state blob, interning its
// terms in c. It returns an error naming what is wrong with a blob that is
// empty, of another version, truncated or inconsistent.
func decodeChannel(c *profile.Corpus, b []byte) (*channel, error) {
	if len(b) == 0 {
		return nil, errors.New("profiler: empty channel state")
	}
	if b[0] != stateVersion {
		return nil, fmt.Errorf("profiler: channel state of version %d, want %d", b[0], stateVersion)
	}
	n, w := binary.Uvarint(b[1:])
	if w <= 0 || n > uint64(len(b)-1-w) {
		return nil, fmt.Errorf("profiler: channel state of %d bytes with a bad or too long profile length", len(b))
	}
	rest := b[1+w:]
	prof, model := rest[:n], rest[n:]
	var ch channel
	if len(model) > 0 {
		var err error
		if ch.novel, err = estimate.UnmarshalLearned(model); err != nil {
			return nil, fmt.Errorf("profiler: channel state: %w", err)
		}
	}
	p, err := profile.Decode(c, prof)
	if err != nil {
		return nil, fmt.Errorf("profiler: channel state: %w", err)
	}
	ch.profile = p
	return &ch, nil
}
