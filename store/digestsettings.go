package store

import (
	"net/mail"
	"strings"

	"vigil"
)

// CleanDigestSettings returns d as stored, its e-mail address and webhook
// trimmed of spaces; an address that is not plain (name@example.org) or a
// webhook that is not an http or https URL is EINVALID.
func CleanDigestSettings(d vigil.DigestSettings) (vigil.DigestSettings, error) {
	d.Email, d.Webhook = strings.TrimSpace(d.Email), strings.TrimSpace(d.Webhook)
	if d.Email != "" {
		if a, err := mail.ParseAddress(d.Email); err != nil || a.Address != d.Email {
			return d, vigil.Errorf(vigil.EINVALID, "e-mail address %q is not a plain address like name@example.org", d.Email)
		}
	}
	if d.Webhook != "" && !strings.HasPrefix(d.Webhook, "http://") && !strings.HasPrefix(d.Webhook, "https://") {
		return d, vigil.Errorf(vigil.EINVALID, "webhook %q is not an http or https URL", d.Webhook)
	}
	return d, nil
}
