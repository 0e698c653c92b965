package store

import (
	"math"
	"strings"
	"testing"

	"vigil"
)

func TestCheckProfileBatch(t *testing.T) {
	noNUL := func(s string) bool { return !strings.Contains(s, "\x00") }
	channel := func(p vigil.Profile) ProfileBatch { return ProfileBatch{Channels: []ChannelProfile{{Profile: p}}} }
	tests := []struct {
		name     string
		b        ProfileBatch
		storable func(string) bool
		code     string
	}{
		{"empty", ProfileBatch{}, nil, ""},
		{"negative watermark", ProfileBatch{Through: -1}, nil, vigil.EINVALID},
		{"term not UTF-8", ProfileBatch{DFDelta: map[string]int64{"\xff": 1}}, nil, vigil.EINVALID},
		{"NUL term, any text storable", ProfileBatch{DFDelta: map[string]int64{"a\x00": 1}}, nil, ""},
		{"NUL term, not storable", ProfileBatch{DFDelta: map[string]int64{"a\x00": 1}}, noNUL, vigil.EINVALID},
		{"channel without feed", channel(vigil.Profile{}), nil, vigil.EINVALID},
		{"infinite cohesion", channel(vigil.Profile{FeedID: 1, Cohesion: math.Inf(1)}), nil, vigil.EINVALID},
		{"NaN term weight", channel(vigil.Profile{FeedID: 1, Terms: []vigil.TermWeight{{Term: "a", Weight: math.NaN()}}}), nil, vigil.EINVALID},
		{"fine channel", channel(vigil.Profile{FeedID: 1, Terms: []vigil.TermWeight{{Term: "a", Weight: 1}}}), nil, ""},
	}
	for _, tt := range tests {
		if got := vigil.ErrorCode(CheckProfileBatch(tt.b, tt.storable)); got != tt.code {
			t.Errorf("%s: code %q, want %q", tt.name, got, tt.code)
		}
	}
}
