package api

import (
	"net/http"

	"vigil"
	"vigil/digest"
)

// atomDays is how many days the digest's Atom feed covers.
const atomDays = 14

// digestRequest is the body of PUT /api/me/digest; absent fields stay.
type digestRequest struct {
	Email   *string `json:"email"`
	Off     *bool   `json:"off"`
	Webhook *string `json:"webhook"`
}

// Digest returns the user's digest settings.
func (s *Handlers) Digest(w http.ResponseWriter, r *http.Request, u *vigil.User) error {
	d, err := s.st.DigestSettings(r.Context(), u.ID)
	if err != nil {
		return err
	}
	writeJSON(w, http.StatusOK, d)
	return nil
}

// SetDigest changes the user's digest settings.
func (s *Handlers) SetDigest(w http.ResponseWriter, r *http.Request, u *vigil.User) error {
	var req digestRequest
	if err := decodeJSON(w, r, &req); err != nil {
		return err
	}
	d, err := s.st.DigestSettings(r.Context(), u.ID)
	if err != nil {
		return err
	}
	if req.Email != nil {
		d.Email = *req.Email
	}
	if req.Off != nil {
		d.Off = *req.Off
	}
	if req.Webhook != nil {
		d.Webhook = *req.Webhook
	}
	if err := s.st.SetDigestSettings(r.Context(), *d); err != nil {
		return err
	}
	writeJSON(w, http.StatusOK, d)
	return nil
}

// DigestAtom serves the user's digests of the last atomDays days (in
// the server's zone, as the e-mails)
// as an Atom feed, for any feed reader (authenticated like the API, e.g.
// with HTTP Basic).
func (s *Handlers) DigestAtom(w http.ResponseWriter, r *http.Request, u *vigil.User) error {
	d, err := s.st.DigestSettings(r.Context(), u.ID)
	if err != nil {
		return err
	}
	now := s.now()
	var days []digest.Digest
	for i := range atomDays {
		dg, err := digest.Build(r.Context(), s.st, *d, now.AddDate(0, 0, -i), s.reading.DigestZone(), s.reading.Updates())
		if err != nil {
			return err
		}
		days = append(days, dg)
	}
	scheme := "http"
	if r.TLS != nil {
		scheme = "https"
	}
	base := scheme + "://" + r.Host
	out, err := digest.Atom(u.Name, days, base+r.URL.Path, base, now)
	if err != nil {
		return err
	}
	w.Header().Set("Content-Type", "application/atom+xml; charset=utf-8")
	w.Write(out)
	return nil
}
