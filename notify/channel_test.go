package notify

import (
	"strings"
	"testing"
	"time"

	"vigil"
)

func TestCheck(t *testing.T) {
	tests := []struct {
		url  string
		want string // "" for accepted, else a part of the error
	}{
		{"generic+http://127.0.0.1:8080/hook", ""},
		{"generic+https://hooks.example.org/T0KEN?template=json", ""},
		{"ntfy://ntfy.sh/my-topic", ""},
		{"smtp://user:s3cret@mail.example.org:587/?to=a@example.org", "daily digest"},
		{"logger://", "vigil's own log"},
		{"no scheme at all", "no scheme"},
		{"nosuchservice://s3cret@example.org", "not usable"},
	}
	for _, tt := range tests {
		err := Check(tt.url)
		switch {
		case tt.want == "" && err != nil:
			t.Errorf("Check(%q) = %v, want it accepted", tt.url, err)
		case tt.want != "" && (err == nil || !strings.Contains(err.Error(), tt.want)):
			t.Errorf("Check(%q) = %v, want an error saying %q", tt.url, err, tt.want)
		case err != nil && strings.Contains(err.Error(), "s3cret"):
			t.Errorf("Check(%q) repeats the secret: %v", tt.url, err)
		case err != nil && vigil.ErrorCode(err) != vigil.EINVALID:
			t.Errorf("Check(%q) = %v, want EINVALID", tt.url, err)
		}
	}
}

func TestRedact(t *testing.T) {
	tests := []struct{ in, want string }{
		{`Post "http://127.0.0.1:9/hook?token=abc": connection refused`, `Post "http://127.0.0.1:9/…": connection refused`},
		{"telegram://123:ABC@telegram?chats=@x failed", "telegram://… failed"},
		{"ifttt://IfK3y/?events=a refused", "ifttt://… refused"},
		{"wecom://WcK3y and notifiarr://NfK3y", "wecom://… and notifiarr://…"},
		{"<ntfy://:tk@ntfy.example.org/topic>", "<ntfy://ntfy.example.org/…>"},
		{"no URL here", "no URL here"},
		{"bare https://example.org", "bare https://example.org"},
	}
	for _, tt := range tests {
		if got := Redact(tt.in); got != tt.want {
			t.Errorf("Redact(%q) = %q, want %q", tt.in, got, tt.want)
		}
	}
}

func TestBackoff(t *testing.T) {
	tests := []struct {
		attempts int
		want     time.Duration
	}{
		{0, time.Second}, {1, 2 * time.Second}, {5, 32 * time.Second}, {12, time.Hour}, {100, time.Hour},
	}
	for _, tt := range tests {
		if got := backoff(tt.attempts); got != tt.want {
			t.Errorf("backoff(%d) = %v, want %v", tt.attempts, got, tt.want)
		}
	}
}
