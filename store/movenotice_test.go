package store

import "testing"

func TestMoveNotice(t *testing.T) {
	tests := []struct {
		page bool
		want string
	}{
		{false, "The feed https://a/ has moved permanently to https://b/."},
		{true, "The page https://a/ has moved permanently to https://b/."},
	}
	for _, tt := range tests {
		if got := MoveNotice(tt.page, "https://a/", "https://b/"); got != tt.want {
			t.Errorf("MoveNotice(%v) = %q, want %q", tt.page, got, tt.want)
		}
	}
}
