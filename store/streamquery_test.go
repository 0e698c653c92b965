package store

import (
	"testing"
	"time"

	"vigil"
)

func TestStreamLimit(t *testing.T) {
	tests := []struct {
		q    vigil.StreamQuery
		want int
		code string
	}{
		{vigil.StreamQuery{UserID: 1}, DefaultStreamLimit, ""},
		{vigil.StreamQuery{UserID: 1, Limit: 3}, 3, ""},
		{vigil.StreamQuery{UserID: 1, Limit: MaxStreamLimit + 1}, MaxStreamLimit, ""},
		{vigil.StreamQuery{Limit: 3}, 0, vigil.EINVALID},
		{vigil.StreamQuery{UserID: 1, Limit: -1}, 0, vigil.EINVALID},
	}
	for _, tt := range tests {
		got, err := StreamLimit(tt.q)
		if got != tt.want || vigil.ErrorCode(err) != tt.code {
			t.Errorf("StreamLimit(%+v) = %d, %v; want %d, code %q", tt.q, got, err, tt.want, tt.code)
		}
	}
}

func TestStreamOrder(t *testing.T) {
	tests := []struct {
		q    vigil.StreamQuery
		want string
	}{
		{vigil.StreamQuery{}, ` ORDER BY i.sort_at DESC, i.id DESC`},
		{vigil.StreamQuery{OldestFirst: true}, ` ORDER BY i.sort_at ASC, i.id ASC`},
		{vigil.StreamQuery{ByID: true}, ` ORDER BY i.id DESC`},
		{vigil.StreamQuery{ByID: true, OldestFirst: true}, ` ORDER BY i.id ASC`},
	}
	for _, tt := range tests {
		if got := StreamOrder(tt.q); got != tt.want {
			t.Errorf("StreamOrder(%+v) = %q, want %q", tt.q, got, tt.want)
		}
	}
}

func TestReadUnder(t *testing.T) {
	early := time.Date(2025, 3, 1, 0, 0, 0, 0, time.UTC)
	late := early.Add(time.Hour)
	tests := []struct {
		name      string
		q         vigil.StreamQuery
		until     time.Time
		wantUntil time.Time
		code      string
	}{
		{"no end", vigil.StreamQuery{UserID: 1, ReadOnly: true}, time.Time{}, time.Time{}, ""},
		{"until bounds when the items were seen", vigil.StreamQuery{UserID: 1}, late, late, ""},
		{"an earlier until wins", vigil.StreamQuery{UserID: 1, SeenUntil: late}, early, early, ""},
		{"a later until does not", vigil.StreamQuery{UserID: 1, SeenUntil: early}, late, early, ""},
		{"the items' dates are not bounded", vigil.StreamQuery{UserID: 1, Until: late}, early, early, ""},
		{"no user", vigil.StreamQuery{}, late, time.Time{}, vigil.EINVALID},
	}
	for _, tt := range tests {
		got, err := ReadUnder(tt.q, tt.until)
		if vigil.ErrorCode(err) != tt.code {
			t.Errorf("%s: error %v, want code %q", tt.name, err, tt.code)
			continue
		}
		if err == nil && (!got.ExcludeRead || got.ReadOnly || !got.SeenUntil.Equal(tt.wantUntil) || !got.Until.Equal(tt.q.Until)) {
			t.Errorf("%s: ReadUnder = %+v, want unread items seen until %v, dated until %v", tt.name, got, tt.wantUntil, tt.q.Until)
		}
	}
}
