package sqlite

import (
	"strings"
	"testing"

	"vigil"
)

func TestFTSQuery(t *testing.T) {
	tests := []struct {
		name, in, want string // want "" means EINVALID
	}{
		{"words", "go  sqlite", `"go" "sqlite"`},
		{"prefix", "feed* read", `"feed"* "read"`},
		{"prefix of several stars", "feed**", `"feed"*`},
		{"phrase", `"web feeds" monitor`, `"web feeds" "monitor"`},
		{"phrase with a star is not a prefix", `"web fe*"`, `"web fe"`},
		{"unbalanced quote runs to the end", `monitor "web feeds`, `"monitor" "web feeds"`},
		{"word glued to a phrase", `a"b c"d`, `"a" "b c" "d"`},
		{"operators are words", "a AND b OR NOT c", `"a" "AND" "b" "OR" "NOT" "c"`},
		{"column filter is a phrase", "title:x", `"title x"`},
		{"caret and parentheses", "^start (a OR b) NEAR(c d)", `"start" "a" "OR" "b" "NEAR c" "d"`},
		{"inner punctuation", "don't e-mail", `"don t" "e mail"`},
		{"star inside a word", "a*b", `"a b"`},
		{"prefix after punctuation", "node.j*", `"node j"*`},
		{"accents and scripts", "Café 東京 Ωμέγα", `"Café" "東京" "Ωμέγα"`},
		{"emoji beside a word", "🎉party", `"party"`},
		{"control characters", "a\x00b\x1fc", `"a b c"`},
		{"invalid UTF-8 separates words", "a\xffb", `"a" "b"`},
		{"empty", "", ""},
		{"spaces", " \t\n", ""},
		{"quote only", `"`, ""},
		{"empty phrase", `""`, ""},
		{"star only", "*", ""},
		{"punctuation only", `-- :: ^ () {} ""*`, ""},
		{"emoji only", "🎉 🚀", ""},
		{"marks only", "\u0301\u0308", ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := ftsQuery(tt.in)
			if tt.want == "" {
				if vigil.ErrorCode(err) != vigil.EINVALID || !strings.Contains(err.Error(), "no word") {
					t.Fatalf("ftsQuery(%q) = %q, %v; want EINVALID saying there is no word", tt.in, got, err)
				}
				return
			}
			if err != nil || got != tt.want {
				t.Errorf("ftsQuery(%q) = %q, %v; want %q", tt.in, got, err, tt.want)
			}
		})
	}
}

func TestFTSQueryErrorShortensLongInput(t *testing.T) {
	_, err := ftsQuery(strings.Repeat("-", 10000))
	if err == nil || len(err.Error()) > 200 {
		t.Errorf("error for 10,000 dashes = %v, want a short EINVALID", err)
	}
}
