package account

import (
	"encoding/base64"
	"testing"
)

func TestNewSecret(t *testing.T) {
	seen := make(map[string]bool)
	for range 100 {
		s, err := NewSecret()
		if err != nil {
			t.Fatal(err)
		}
		b, err := base64.RawURLEncoding.DecodeString(s)
		if err != nil {
			t.Fatalf("NewSecret() = %q, not unpadded URL-safe base64: %v", s, err)
		}
		if len(b) != 32 {
			t.Fatalf("NewSecret() = %q holds %d bytes, want 32", s, len(b))
		}
		if seen[s] {
			t.Fatalf("NewSecret() repeated %q", s)
		}
		seen[s] = true
	}
}

func TestHashToken(t *testing.T) {
	tests := []struct{ in, want string }{
		{"", "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855"},
		{"abc", "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"},
	}
	for _, tt := range tests {
		if got := HashToken(tt.in); got != tt.want {
			t.Errorf("HashToken(%q) = %s, want %s", tt.in, got, tt.want)
		}
	}
}
