package account

import (
	"encoding/base64"
	"encoding/hex"
	"strings"
	"testing"
)

func TestHashPasswordRoundTrip(t *testing.T) {
	tests := []struct {
		name, pw, other string
	}{
		{"ascii", "correct horse battery staple", "correct horse battery stapl"},
		{"empty", "", " "},
		{"unicode", "pâté-ünïcødé-密码", "pate-unicode-密码"},
		{"dollar", "a$b$c$d", "a$b$c"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			enc, err := HashPassword(tt.pw, 1000)
			if err != nil {
				t.Fatal(err)
			}
			if !CheckPassword(enc, tt.pw) {
				t.Errorf("CheckPassword(%q, right password) = false", enc)
			}
			if CheckPassword(enc, tt.other) {
				t.Errorf("CheckPassword(%q, %q) = true, want false", enc, tt.other)
			}
		})
	}
}

func TestHashPasswordFormat(t *testing.T) {
	enc, err := HashPassword("pw", 1234)
	if err != nil {
		t.Fatal(err)
	}
	parts := strings.Split(enc, "$")
	if len(parts) != 4 || parts[0] != "pbkdf2-sha256" || parts[1] != "1234" {
		t.Fatalf("encoding %q does not have the form pbkdf2-sha256$1234$SALT$HASH", enc)
	}
	salt, err := base64.RawStdEncoding.DecodeString(parts[2])
	if err != nil || len(salt) != 16 {
		t.Errorf("salt %q: %d bytes, err %v; want 16 bytes of base64", parts[2], len(salt), err)
	}
	key, err := base64.RawStdEncoding.DecodeString(parts[3])
	if err != nil || len(key) != 32 {
		t.Errorf("hash %q: %d bytes, err %v; want 32 bytes of base64", parts[3], len(key), err)
	}
}

func TestHashPasswordSaltsDiffer(t *testing.T) {
	a, err := HashPassword("same", 100)
	if err != nil {
		t.Fatal(err)
	}
	b, err := HashPassword("same", 100)
	if err != nil {
		t.Fatal(err)
	}
	if a == b {
		t.Errorf("two digests of the same password are equal (%q): salt is not random", a)
	}
}

func TestHashPasswordDefaultIterations(t *testing.T) {
	enc, err := HashPassword("pw", 0)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.HasPrefix(enc, "pbkdf2-sha256$600000$") {
		t.Errorf("HashPassword(pw, 0) = %q, want 600000 iterations", enc)
	}
}

func TestHashPasswordTooManyIterations(t *testing.T) {
	if _, err := HashPassword("pw", MaxIterations+1); err == nil {
		t.Error("HashPassword with too many iterations: no error")
	}
}

// TestCheckPasswordKnownVector checks interoperability with the published
// PBKDF2-HMAC-SHA256 vector of RFC 7914 section 11 (P="passwd", S="salt",
// c=1), truncated to the 32 bytes this package stores.
func TestCheckPasswordKnownVector(t *testing.T) {
	key, err := hex.DecodeString("55ac046e56e3089fec1691c22544b605f94185216dde0465e68b9d57c20dacbc")
	if err != nil {
		t.Fatal(err)
	}
	enc := "pbkdf2-sha256$1$" + base64.RawStdEncoding.EncodeToString([]byte("salt")) + "$" + base64.RawStdEncoding.EncodeToString(key)
	if !CheckPassword(enc, "passwd") {
		t.Errorf("CheckPassword(%q, passwd) = false, want true", enc)
	}
	if CheckPassword(enc, "passwe") {
		t.Errorf("CheckPassword(%q, passwe) = true, want false", enc)
	}
}

func TestCheckPasswordMalformed(t *testing.T) {
	good, err := HashPassword("pw", 10)
	if err != nil {
		t.Fatal(err)
	}
	p := strings.Split(good, "$")
	tests := []struct{ name, enc string }{
		{"empty", ""},
		{"plain text", "pw"},
		{"too few parts", strings.Join(p[:3], "$")},
		{"too many parts", good + "$x"},
		{"other scheme", "bcrypt$" + strings.Join(p[1:], "$")},
		{"iterations not a number", p[0] + "$ten$" + p[2] + "$" + p[3]},
		{"zero iterations", p[0] + "$0$" + p[2] + "$" + p[3]},
		{"negative iterations", p[0] + "$-5$" + p[2] + "$" + p[3]},
		{"huge iterations", p[0] + "$999999999999$" + p[2] + "$" + p[3]},
		{"salt not base64", p[0] + "$10$!!!$" + p[3]},
		{"empty salt", p[0] + "$10$$" + p[3]},
		{"hash not base64", p[0] + "$10$" + p[2] + "$***"},
		{"empty hash", p[0] + "$10$" + p[2] + "$"},
		{"hash too long", p[0] + "$10$" + p[2] + "$" + base64.RawStdEncoding.EncodeToString(make([]byte, 64))},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if CheckPassword(tt.enc, "pw") {
				t.Errorf("CheckPassword(%q, pw) = true, want false", tt.enc)
			}
		})
	}
	if !CheckPassword(good, "pw") {
		t.Errorf("CheckPassword(%q, pw) = false for the unaltered digest", good)
	}
}
