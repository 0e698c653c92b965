package text_test

import (
	"testing"

	"vigil/text"
)

func TestLanguage(t *testing.T) {
	tests := []struct{ tag, want string }{
		{"en", "english"},
		{"en-US", "english"},
		{"EN_gb", "english"},
		{" english ", "english"},
		{"English (US)", "english"},
		{"fr", "french"},
		{"fr-CA", "french"},
		{"French", "french"},
		{"es", "spanish"},
		{"es-419", "spanish"},
		{"ru", "russian"},
		{"ru-RU", "russian"},
		{"sv", "swedish"},
		{"sv-SE", "swedish"},
		{"nb", "norwegian"},
		{"nn-NO", "norwegian"},
		{"no", "norwegian"},
		{"hu", "hungarian"},
		{"hu-HU", "hungarian"},
		{"hun", "hungarian"},
		{"", ""},
		{"de", "german"},
		{"de-AT", "german"},
		{"it", "italian"},
		{"Italiano", "italian"},
		{"nl-BE", "dutch"},
		{"pt-BR", "portuguese"},
		{"pl", "polish"},
		{"da", ""},
		{"zh-Hans", ""},
		{"klingon", ""},
		{"-en", ""},
	}
	for _, tt := range tests {
		if got := text.Language(tt.tag); got != tt.want {
			t.Errorf("Language(%q) = %q, want %q", tt.tag, got, tt.want)
		}
	}
}
