package store

import (
	"testing"

	"vigil"
)

func TestLimit(t *testing.T) {
	tests := []struct {
		limit, def, most, want int
		code                   string
	}{
		{0, 50, 500, 50, ""},
		{10, 50, 500, 10, ""},
		{10000, 50, 500, 500, ""},
		{-1, 50, 500, 0, vigil.EINVALID},
	}
	for _, tt := range tests {
		got, err := Limit(tt.limit, tt.def, tt.most)
		if got != tt.want || vigil.ErrorCode(err) != tt.code {
			t.Errorf("Limit(%d, %d, %d) = %d, %v; want %d, code %q", tt.limit, tt.def, tt.most, got, err, tt.want, tt.code)
		}
	}
}

func TestPageLimit(t *testing.T) {
	for _, tt := range []struct{ in, want int }{{0, DefaultItemLimit}, {7, 7}, {MaxItemLimit + 1, MaxItemLimit}} {
		if got := PageLimit(tt.in); got != tt.want {
			t.Errorf("PageLimit(%d) = %d, want %d", tt.in, got, tt.want)
		}
	}
}
