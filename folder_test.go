package vigil

import (
	"strings"
	"testing"
)

func TestCleanFolder(t *testing.T) {
	tests := []struct {
		in, want string
		invalid  bool
	}{
		{in: "", want: ""},
		{in: "/", want: ""},
		{in: "News", want: "News"},
		{in: " News / World/ ", want: "News/World"},
		{in: "a//b", want: "a/b"},
		{in: "Café ☕", want: "Café ☕"},
		{in: "bad\nname", invalid: true},
		{in: "bad\xffname", invalid: true},
		{in: strings.Repeat("x", MaxFolderLength+1), invalid: true},
	}
	for _, tt := range tests {
		got, err := CleanFolder(tt.in)
		if tt.invalid {
			if ErrorCode(err) != EINVALID {
				t.Errorf("CleanFolder(%q) error = %v, want EINVALID", tt.in, err)
			}
			continue
		}
		if err != nil || got != tt.want {
			t.Errorf("CleanFolder(%q) = %q, %v; want %q", tt.in, got, err, tt.want)
		}
	}
}
