package store

import (
	"slices"
	"strings"
	"testing"
	"time"

	"vigil"
)

func TestPageKinds(t *testing.T) {
	tests := []struct {
		kinds  []string
		stored string
		code   string
	}{
		{[]string{"text", "images"}, "text,images", ""},
		{[]string{}, "", ""},
		{[]string{"text", "video"}, "", vigil.EINVALID},
	}
	for _, tt := range tests {
		got, err := JoinPageKinds(tt.kinds)
		if got != tt.stored || vigil.ErrorCode(err) != tt.code {
			t.Errorf("JoinPageKinds(%q) = %q, %v; want %q, code %q", tt.kinds, got, err, tt.stored, tt.code)
		}
		if err == nil && !slices.Equal(SplitPageKinds(got), tt.kinds) {
			t.Errorf("SplitPageKinds(%q) = %q, want %q", got, SplitPageKinds(got), tt.kinds)
		}
	}
}

func TestPageSelectorAndIgnore(t *testing.T) {
	tests := []struct {
		name      string
		got, want string
		err       error
		code      string
	}{
		{"selector trimmed", first(PageSelector("  #main ")), "#main", second(PageSelector("  #main ")), ""},
		{"selector too long", "", "", second(PageSelector(strings.Repeat("a", MaxSelectorLength+1))), vigil.EINVALID},
		{"no ignore rules", first(PageIgnore(nil)), "[]", second(PageIgnore(nil)), ""},
		{"ignore rules", first(PageIgnore([]string{"a", "b"})), `["a","b"]`, second(PageIgnore([]string{"a", "b"})), ""},
		{"too many ignore rules", "", "", second(PageIgnore(make([]string, MaxIgnoreRules+1))), vigil.EINVALID},
	}
	for _, tt := range tests {
		if tt.got != tt.want || vigil.ErrorCode(tt.err) != tt.code {
			t.Errorf("%s: %q, %v; want %q, code %q", tt.name, tt.got, tt.err, tt.want, tt.code)
		}
	}
}

func first(s string, _ error) string   { return s }
func second(_ string, err error) error { return err }

func TestCleanEvaluation(t *testing.T) {
	at := time.Date(2025, 3, 1, 12, 0, 0, 0, time.UTC)
	tests := []struct {
		in     vigil.Evaluation
		wantAt time.Time
		code   string
	}{
		{vigil.Evaluation{Rating: "important", At: at}, at, ""},
		{vigil.Evaluation{Rating: "negligible"}, time.Unix(0, 0), ""},
		{vigil.Evaluation{Rating: "huge"}, time.Time{}, vigil.EINVALID},
		{vigil.Evaluation{Rating: "significant", Comment: strings.Repeat("a", MaxCommentLength+1)}, time.Time{}, vigil.EINVALID},
	}
	for _, tt := range tests {
		got, err := CleanEvaluation(tt.in)
		if vigil.ErrorCode(err) != tt.code || err == nil && !got.At.Equal(tt.wantAt) {
			t.Errorf("CleanEvaluation(%+v) = %+v, %v; want at %v, code %q", tt.in, got, err, tt.wantAt, tt.code)
		}
	}
}
