package fulltext

import (
	"slices"
	"testing"
)

func TestWords(t *testing.T) {
	tests := []struct {
		in   string
		want []string
	}{
		{"", nil},
		{"one two", []string{"one", "two"}},
		{"e-mail, col:x (3.14)", []string{"e", "mail", "col", "x", "3", "14"}},
		{"café crème", []string{"café", "crème"}},
		{"  \t ", nil},
	}
	for _, tt := range tests {
		if got := Words(tt.in); !slices.Equal(got, tt.want) {
			t.Errorf("Words(%q) = %q, want %q", tt.in, got, tt.want)
		}
	}
}

func TestHasPhrase(t *testing.T) {
	words := Words("a red kestrel hunts over the field")
	tests := []struct {
		name   string
		phrase []string
		prefix bool
		want   bool
	}{
		{"adjacent in order", []string{"red", "kestrel"}, false, true},
		{"reversed", []string{"kestrel", "red"}, false, false},
		{"apart", []string{"red", "hunts"}, false, false},
		{"at the end", []string{"the", "field"}, false, true},
		{"past the end", []string{"field", "mouse"}, false, false},
		{"prefix of the last word", []string{"kestrel", "hu"}, true, true},
		{"prefix only on the last word", []string{"kes", "hunts"}, true, false},
		{"no prefix means the whole word", []string{"kestrel", "hu"}, false, false},
		{"one word", []string{"over"}, false, true},
		{"empty phrase", nil, false, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := HasPhrase(words, tt.phrase, tt.prefix); got != tt.want {
				t.Errorf("HasPhrase(%q, %v) = %v, want %v", tt.phrase, tt.prefix, got, tt.want)
			}
		})
	}
}
