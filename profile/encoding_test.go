package profile

import (
	"bytes"
	"encoding/binary"
	"math"
	"strings"
	"testing"
)

// encodedChannels folds a fixed stream into channels of a few
// configurations and returns the corpus, the channels and the fetches left.
func encodedChannels(t testing.TB) (*Corpus, []*Channel, []fetch) {
	t.Helper()
	cfgs := []Config{
		{K: 5, Beta: 0.1},
		{K: 20, Beta: -0.25, FilterWithPrevious: true},
		{K: 7, Beta: 0.2, Exact: true},
	}
	var c Corpus
	chs := make([]*Channel, len(cfgs))
	for i, cfg := range cfgs {
		chs[i] = newTestChannel(t, cfg)
	}
	fs := stream(streamSpec{seed: 5, channels: len(cfgs), topics: 3, fetches: 150, terms: 12})
	for _, f := range fs[:100] {
		chs[f.channel].Fold(&c, f.items)
	}
	return &c, chs, fs[100:]
}

func TestEncodeRoundTrip(t *testing.T) {
	c, chs, rest := encodedChannels(t)
	// A restart: the corpus counts come back through Restore, the
	// channels through Decode.
	var c2 Corpus
	n, df := c.TakeDelta()
	if err := c2.Restore(n, df); err != nil {
		t.Fatal(err)
	}
	back := make([]*Channel, len(chs))
	for i, ch := range chs {
		data := ch.Encode(c)
		got, err := Decode(&c2, data)
		if err != nil {
			t.Fatalf("channel %d: %v", i, err)
		}
		back[i] = got
		if !bytes.Equal(got.Encode(&c2), data) {
			t.Errorf("channel %d: encoding differs after a round trip", i)
		}
		coh, sd := ch.Cohesion()
		coh2, sd2 := got.Cohesion()
		if got.Config() != ch.Config() || got.Items() != ch.Items() || got.Novel() != ch.Novel() ||
			got.Len() != ch.Len() || coh2 != coh || sd2 != sd {
			t.Errorf("channel %d: decoded state differs", i)
		}
		top, top2 := ch.Top(c, 10), got.Top(&c2, 10)
		for j := range top {
			if top[j].Term != top2[j].Term || math.Abs(top[j].Weight-top2[j].Weight) > 1e-12 {
				t.Errorf("channel %d: Top[%d] %+v, decoded %+v", i, j, top[j], top2[j])
			}
		}
	}
	// Both carry on alike.
	for _, f := range rest {
		want := chs[f.channel].Fold(c, f.items)
		got := back[f.channel].Fold(&c2, f.items)
		tol := 0.005 // the incremental approximation renews at other times
		if chs[f.channel].Config().Exact {
			tol = 1e-12
		}
		for i := range want.Deltas {
			if math.Abs(got.Deltas[i]-want.Deltas[i]) > tol {
				t.Fatalf("channel %d after decoding: Δ %v, original %v", f.channel, got.Deltas[i], want.Deltas[i])
			}
		}
	}
}

func TestDecodeRejects(t *testing.T) {
	c, chs, _ := encodedChannels(t)
	valid := chs[0].Encode(c)
	header := func(k, items, novel uint64, sum, sum2 float64) []byte {
		b := []byte(channelMagic)
		b = binary.AppendUvarint(b, channelVersion)
		b = binary.AppendUvarint(b, k)
		b = binary.LittleEndian.AppendUint64(b, math.Float64bits(0.1))
		b = append(b, 0)
		b = binary.AppendVarint(b, -1)
		b = binary.AppendUvarint(b, items)
		b = binary.AppendUvarint(b, novel)
		b = binary.LittleEndian.AppendUint64(b, math.Float64bits(sum))
		return binary.LittleEndian.AppendUint64(b, math.Float64bits(sum2))
	}
	docs := func(b []byte, parts ...uint64) []byte {
		for _, p := range parts {
			b = binary.AppendUvarint(b, p)
		}
		return b
	}
	oneTerm := func(b []byte) []byte { return append(binary.AppendUvarint(b, 1), 1, 'a') }
	tests := []struct {
		name, data, want string
	}{
		{"empty", "", "bad magic"},
		{"other magic", "PNG\x00\x01", "bad magic"},
		{"newer version", channelMagic + "\x03", "version 3"},
		{"MaxTerms below -1", string(header(5, 1, 0, 0, 0)[:len(channelMagic)+11]) + "\x03", "MaxTerms = -2"},
		{"trailing bytes", string(valid) + "x", "trailing"},
		{"zero K", string(header(0, 1, 0, 0, 0)), "window K = 0"},
		{"novel above items", string(header(5, 1, 2, 0, 0)), "novel count 2"},
		{"sum above items", string(header(5, 1, 0, 2, 0)), "impossible"},
		{"NaN sum", string(header(5, 1, 0, math.NaN(), 0)), "impossible"},
		{"term count too large", string(docs(header(5, 1, 0, 0, 0), 1000)), "exceeds"},
		{"empty term", string(docs(header(5, 1, 0, 0, 0), 1, 0, 0)), "empty"},
		{"window above K", string(docs(oneTerm(header(1, 5, 0, 0, 0)), 2, 0, 0)), "more than K"},
		{"window above items", string(docs(oneTerm(header(5, 1, 0, 0, 0)), 2, 0, 0)), "only 1 were folded"},
		{"term index out of range", string(docs(oneTerm(header(5, 1, 0, 0, 0)), 1, 1, 3, 1)), "term index 3"},
		{"zero count", string(docs(oneTerm(header(5, 1, 0, 0, 0)), 1, 1, 0, 0)), "term count 0"},
		{"repeated term", string(docs(oneTerm(header(5, 1, 0, 0, 0)), 1, 2, 0, 1, 0, 1)), "occurs twice"},
		{"term listed twice", string(docs(header(5, 1, 0, 0, 0), 2, 1, 'a', 1, 'a', 0)), "listed twice"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			before := c.Len()
			_, err := Decode(c, []byte(tt.data))
			if err == nil || !strings.Contains(err.Error(), tt.want) || !strings.HasPrefix(err.Error(), "profile: ") {
				t.Fatalf("Decode error %v, want one mentioning %q", err, tt.want)
			}
			if c.Len() != before {
				t.Errorf("a failed Decode interned %d terms", c.Len()-before)
			}
		})
	}
	for n := range len(valid) {
		if _, err := Decode(c, valid[:n]); err == nil {
			t.Fatalf("Decode accepted the first %d of %d bytes", n, len(valid))
		}
	}
}

func FuzzDecode(f *testing.F) {
	c, chs, _ := encodedChannels(f)
	for _, ch := range chs {
		f.Add(ch.Encode(c))
	}
	empty := newTestChannel(f, DefaultConfig())
	f.Add(empty.Encode(c))
	f.Fuzz(func(t *testing.T, data []byte) {
		var c Corpus
		ch, err := Decode(&c, data)
		if err != nil {
			return
		}
		again := ch.Encode(&c)
		ch2, err := Decode(&c, again)
		if err != nil {
			t.Fatalf("re-encoding of accepted data fails: %v", err)
		}
		if !bytes.Equal(ch2.Encode(&c), again) {
			t.Fatal("encoding is not stable")
		}
		ch.Fold(&c, [][]string{{"a", "b"}}) // a decoded channel must work
	})
}
