package vigil

import (
	"testing"
	"time"
)

func TestItemCursorRoundTrip(t *testing.T) {
	tests := []ItemCursor{
		{At: time.Unix(1700000000, 123).UTC(), ID: 1},
		{At: time.Unix(-86400, 0).UTC(), ID: 99},
		{At: time.Unix(0, 0).UTC(), ID: 1 << 50},
	}
	for _, c := range tests {
		got, err := ParseItemCursor(c.String())
		if err != nil || got != c {
			t.Errorf("ParseItemCursor(%q) = %v, %v; want %v", c.String(), got, err, c)
		}
	}
}

func TestParseItemCursorRefuses(t *testing.T) {
	for _, s := range []string{"", "x", "1", "1.", ".1", "1.0", "1.-5", "1.2.3", "a.b", "99999999999999999999.1"} {
		if c, err := ParseItemCursor(s); err == nil || ErrorCode(err) != EINVALID {
			t.Errorf("ParseItemCursor(%q) = %v, %v; want EINVALID", s, c, err)
		}
	}
}

func TestItemListedAt(t *testing.T) {
	seen := time.Date(2025, 1, 2, 3, 4, 5, 0, time.UTC)
	tests := []struct {
		published, want time.Time
	}{
		{time.Time{}, seen},
		{seen.Add(time.Hour), seen},
		{seen.Add(-time.Hour), seen.Add(-time.Hour)},
	}
	for _, tt := range tests {
		it := Item{ID: 3, Published: tt.published, Seen: seen}
		if got := it.Cursor(); !got.At.Equal(tt.want) || got.ID != 3 {
			t.Errorf("published %v: cursor %v, want %v", tt.published, got, tt.want)
		}
	}
}
