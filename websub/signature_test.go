package websub

import (
	"strings"
	"testing"
)

func TestCheckSignature(t *testing.T) {
	secret, body := []byte("s3cret"), []byte("<feed/>")
	tests := []struct {
		name, sig, wantErr string
	}{
		// HMAC-SHA1("s3cret", "<feed/>"), computed independently with
		// `printf '<feed/>' | openssl dgst -sha1 -hmac s3cret`.
		{"sha1 known value", "sha1=" + knownSHA1, ""},
		{"sha1", Sign("sha1", secret, body), ""},
		{"sha256", Sign("sha256", secret, body), ""},
		{"sha384", Sign("sha384", secret, body), ""},
		{"sha512", Sign("sha512", secret, body), ""},
		{"upper-case method and spaces", " SHA256=" + strings.TrimPrefix(Sign("sha256", secret, body), "sha256=") + " ", ""},
		{"missing", "", "no X-Hub-Signature"},
		{"unknown method", "md5=00", `method "md5"`},
		{"no method", "abcdef", `method "abcdef"`},
		{"not hexadecimal", "sha256=xyz", "not hexadecimal"},
		{"other secret", Sign("sha256", []byte("other"), body), "does not match"},
		{"other body", Sign("sha256", secret, []byte("<feed />")), "does not match"},
		{"digest of another method", "sha512=" + strings.TrimPrefix(Sign("sha256", secret, body), "sha256="), "does not match"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			err := CheckSignature(tt.sig, secret, body)
			switch {
			case tt.wantErr == "" && err != nil:
				t.Errorf("CheckSignature(%q) = %v, want nil", tt.sig, err)
			case tt.wantErr != "" && (err == nil || !strings.Contains(err.Error(), tt.wantErr)):
				t.Errorf("CheckSignature(%q) = %v, want an error saying %q", tt.sig, err, tt.wantErr)
			}
		})
	}
}

// knownSHA1 is the HMAC-SHA1 of "<feed/>" keyed by "s3cret", from openssl.
const knownSHA1 = "d0f17a456159bccb28b7f244db7aadc2ccbc8f1d"
