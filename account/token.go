package account

import (
	"crypto/rand"
	"crypto/sha256"
	"encoding/base64"
	"encoding/hex"
	"fmt"
)

// secretLen is the number of random bytes in a secret: 256 bits.
const secretLen = 32

// NewSecret returns 32 random bytes encoded as unpadded URL-safe base64, for
// generated passwords, API tokens and session cookies.
func NewSecret() (string, error) {
	b := make([]byte, secretLen)
	if _, err := rand.Read(b); err != nil {
		return "", fmt.Errorf("account: unable to read random bytes: %w", err)
	}
	return base64.RawURLEncoding.EncodeToString(b), nil
}

// HashToken returns the hex SHA-256 of a token. Tokens from NewSecret carry
// 256 bits of entropy, so a fast hash is enough to keep stored copies useless
// to whoever reads the database.
func HashToken(tok string) string {
	sum := sha256.Sum256([]byte(tok))
	return hex.EncodeToString(sum[:])
}
