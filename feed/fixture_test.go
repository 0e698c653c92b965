package feed

import (
	"crypto/sha256"
	"encoding/hex"
	"testing"
)

// hexSHA256 returns the hex SHA-256 of s.
func hexSHA256(s string) string {
	sum := sha256.Sum256([]byte(s))
	return hex.EncodeToString(sum[:])
}

// mustParse parses a feed or fails the test.
func mustParse(t *testing.T, body string, opts Options) *Feed {
	t.Helper()
	f, err := Parse([]byte(body), opts)
	if err != nil {
		t.Fatalf("Parse: %v", err)
	}
	return f
}
