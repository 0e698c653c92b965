package profiler

import (
	"bytes"
	"strings"
	"testing"
	"time"

	"vigil"
	"vigil/profile"
)

// foldedChannel returns a corpus and a channel with two fetches folded in.
func foldedChannel(t *testing.T) (*profile.Corpus, *channel) {
	t.Helper()
	c := &profile.Corpus{}
	prof, err := profile.NewChannel(profile.DefaultConfig())
	if err != nil {
		t.Fatal(err)
	}
	ch := &channel{profile: prof}
	at := time.Date(2026, 2, 1, 9, 0, 0, 0, time.UTC)
	for i, items := range [][][]string{{{"comet", "orbit"}, {"comet", "tail"}}, {{"orbit", "moon"}}} {
		b := ch.profile.Fold(c, items)
		ch.observe(at.Add(time.Duration(i)*time.Hour), b.NovelCount)
	}
	return c, ch
}

func TestChannelStateRoundTrip(t *testing.T) {
	c, ch := foldedChannel(t)
	blob, err := ch.encode(c)
	if err != nil {
		t.Fatal(err)
	}
	back, err := decodeChannel(c, blob)
	if err != nil {
		t.Fatal(err)
	}
	again, err := back.encode(c)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(blob, again) {
		t.Errorf("state changed in a round trip:\n%x\n%x", blob, again)
	}
	if back.profile.Items() != 3 || *back.novel != *ch.novel {
		t.Errorf("decoded %d items and learner %+v, want 3 and %+v", back.profile.Items(), back.novel, ch.novel)
	}
}

func TestChannelStateWithoutLearner(t *testing.T) {
	c := &profile.Corpus{}
	prof, err := profile.NewChannel(profile.DefaultConfig())
	if err != nil {
		t.Fatal(err)
	}
	blob, err := (&channel{profile: prof}).encode(c)
	if err != nil {
		t.Fatal(err)
	}
	back, err := decodeChannel(c, blob)
	if err != nil || back.novel != nil || back.novelPerDay() != 0 || !back.updated().IsZero() {
		t.Errorf("decoded %+v, %v; want an empty channel without a learner", back, err)
	}
}

func TestChannelStateRefusesDamage(t *testing.T) {
	c, ch := foldedChannel(t)
	blob, err := ch.encode(c)
	if err != nil {
		t.Fatal(err)
	}
	profLen := bytes.Index(blob, []byte(`{"alpha0"`))
	tests := []struct {
		name string
		blob []byte
		want string
	}{
		{"empty", nil, "empty"},
		{"other version", append([]byte{9}, blob[1:]...), "version 9"},
		{"bad length", []byte{stateVersion, 0xff}, "profile length"},
		{"length past the end", append([]byte{stateVersion, 200}, blob[2:10]...), "profile length"},
		{"truncated profile", append([]byte{stateVersion}, blob[1:profLen-3]...), "channel state"},
		{"bad learner", append(bytes.Clone(blob[:profLen]), `{"alpha0": 7}`...), "channel state"},
		{"learner not JSON", append(bytes.Clone(blob[:profLen]), `garbage`...), "channel state"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			terms := c.Len()
			_, err := decodeChannel(c, tt.blob)
			if err == nil || !strings.Contains(err.Error(), tt.want) || !strings.HasPrefix(err.Error(), "profiler: ") {
				t.Errorf("error %v, want one with %q", err, tt.want)
			}
			if c.Len() != terms {
				t.Errorf("a refused state interned %d terms", c.Len()-terms)
			}
		})
	}
}

func TestQueryTerms(t *testing.T) {
	a := analyzers{}
	got := a.query("Running télescopes, the 2026 Café!")
	for _, want := range []string{"run", "télescop", "running", "télescopes", "2026", "café"} {
		if !strings.Contains(" "+strings.Join(got, " | ")+" ", " "+want+" ") {
			t.Errorf("query terms %q lack %q", got, want)
		}
	}
	for _, term := range got {
		if term == "the" {
			t.Errorf("query terms %q keep the stop word", got)
		}
	}
}

func TestWholeFetches(t *testing.T) {
	at := time.Date(2026, 2, 1, 9, 0, 0, 0, time.UTC)
	items := itemsOf(t, at, 1, 1, 2, 2, 2)
	tests := []struct {
		name  string
		items int
		full  bool
		want  int
	}{
		{"a page that is not full keeps everything", 5, false, 5},
		{"a full page drops its last fetch", 5, true, 2},
		{"a full page of one fetch keeps it", 2, true, 2},
		{"an empty page", 0, true, 0},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := wholeFetches(items[:tt.items], tt.full); len(got) != tt.want {
				t.Errorf("kept %d items, want %d", len(got), tt.want)
			}
		})
	}
}

// itemsOf returns items of the given feeds in ID order, each feed's items
// seen at one instant.
func itemsOf(t *testing.T, at time.Time, feeds ...int64) []vigil.Item {
	t.Helper()
	out := make([]vigil.Item, len(feeds))
	for i, f := range feeds {
		out[i] = vigil.Item{ID: int64(i + 1), FeedID: f, Seen: at.Add(time.Duration(f) * time.Minute)}
	}
	return out
}
