package account

import (
	"crypto/pbkdf2"
	"crypto/rand"
	"crypto/sha256"
	"crypto/subtle"
	"encoding/base64"
	"fmt"
	"strconv"
	"strings"
)

// DefaultIterations is the PBKDF2 iteration count used when HashPassword is
// given zero or less, following current OWASP advice for PBKDF2-HMAC-SHA256.
const DefaultIterations = 600000

// MaxIterations bounds the iteration count accepted from an encoding, so
// that a corrupt or hostile digest cannot make a check run for minutes.
const MaxIterations = 10000000

const (
	scheme  = "pbkdf2-sha256"
	saltLen = 16
	keyLen  = sha256.Size
)

// HashPassword returns the encoded digest of pw, in the form
// "pbkdf2-sha256$ITER$SALT$HASH" with base64 (standard, unpadded) salt and
// hash, computed with a fresh random 16-byte salt and iter iterations
// (DefaultIterations when iter <= 0).
func HashPassword(pw string, iter int) (string, error) {
	if iter <= 0 {
		iter = DefaultIterations
	}
	if iter > MaxIterations {
		return "", fmt.Errorf("account: iteration count %d is above the maximum %d", iter, MaxIterations)
	}
	salt := make([]byte, saltLen)
	if _, err := rand.Read(salt); err != nil {
		return "", fmt.Errorf("account: unable to read a random salt: %w", err)
	}
	key, err := pbkdf2.Key(sha256.New, pw, salt, iter, keyLen)
	if err != nil {
		return "", fmt.Errorf("account: unable to derive the password key: %w", err)
	}
	enc := base64.RawStdEncoding
	return strings.Join([]string{scheme, strconv.Itoa(iter), enc.EncodeToString(salt), enc.EncodeToString(key)}, "$"), nil
}

// CheckPassword reports whether pw matches the encoded digest, comparing in
// constant time. A malformed encoding never matches.
func CheckPassword(encoded, pw string) bool {
	iter, salt, want, ok := parseDigest(encoded)
	if !ok {
		return false
	}
	got, err := pbkdf2.Key(sha256.New, pw, salt, iter, len(want))
	if err != nil {
		return false
	}
	return subtle.ConstantTimeCompare(got, want) == 1
}

// parseDigest splits an encoded digest into its iteration count, salt and
// derived key, reporting false when any part is missing or out of range.
func parseDigest(encoded string) (iter int, salt, key []byte, ok bool) {
	parts := strings.Split(encoded, "$")
	if len(parts) != 4 || parts[0] != scheme {
		return 0, nil, nil, false
	}
	iter, err := strconv.Atoi(parts[1])
	if err != nil || iter <= 0 || iter > MaxIterations {
		return 0, nil, nil, false
	}
	enc := base64.RawStdEncoding
	salt, err = enc.DecodeString(parts[2])
	if err != nil || len(salt) == 0 {
		return 0, nil, nil, false
	}
	key, err = enc.DecodeString(parts[3])
	if err != nil || len(key) == 0 || len(key) > keyLen {
		return 0, nil, nil, false
	}
	return iter, salt, key, true
}
