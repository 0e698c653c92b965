package websub

import (
	"crypto/hmac"
	"crypto/sha1"
	"crypto/sha256"
	"crypto/sha512"
	"encoding/hex"
	"errors"
	"fmt"
	"hash"
	"strings"
)

// SignatureHeader is the header that carries a hub's signature of the
// content it distributes.
const SignatureHeader = "X-Hub-Signature"

// ErrNoSignature is CheckSignature's error for content without a
// signature although the subscription has a secret.
var ErrNoSignature = errors.New("websub: the content has no X-Hub-Signature although the subscription has a secret")

// algorithms are the hash functions the Recommendation allows a hub to
// sign with (sha1, sha256, sha384, sha512).
var algorithms = map[string]func() hash.Hash{
	"sha1": sha1.New, "sha256": sha256.New, "sha384": sha512.New384, "sha512": sha512.New,
}

// CheckSignature checks the X-Hub-Signature header value sig
// ("method=hex digest") of body against secret, as the Recommendation's
// authenticated content distribution defines it: the HMAC of the body,
// keyed by the secret, with the named hash. It fails when sig is missing,
// names another method, is not hexadecimal, or does not match.
func CheckSignature(sig string, secret, body []byte) error {
	if strings.TrimSpace(sig) == "" {
		return ErrNoSignature
	}
	method, digest, ok := strings.Cut(strings.TrimSpace(sig), "=")
	newHash, known := algorithms[strings.ToLower(method)]
	if !ok || !known {
		return fmt.Errorf("websub: signature method %q is not sha1, sha256, sha384 or sha512", method)
	}
	want, err := hex.DecodeString(digest)
	if err != nil {
		return fmt.Errorf("websub: the %s signature is not hexadecimal", method)
	}
	mac := hmac.New(newHash, secret)
	mac.Write(body)
	if !hmac.Equal(mac.Sum(nil), want) {
		return fmt.Errorf("websub: the %s signature does not match the content", method)
	}
	return nil
}

// Sign returns the X-Hub-Signature value of body under secret with the
// named method (sha1, sha256, sha384 or sha512); an unknown method panics.
// Tests and hubs written for them use it.
func Sign(method string, secret, body []byte) string {
	mac := hmac.New(algorithms[method], secret)
	mac.Write(body)
	return method + "=" + hex.EncodeToString(mac.Sum(nil))
}
