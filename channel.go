package vigil

import (
	"net/url"
	"strings"
	"time"
)

// Channel is where a user is sent alerts as they happen: a notification
// service named by a shoutrrr URL (ntfy://, telegram://, discord://,
// generic+https://host/path for any webhook, ...). The URL holds the
// service's secrets, so it never leaves vigil once added: listings show
// Shown, its scheme and host only.
type Channel struct {
	ID     int64  `json:"id"`
	UserID int64  `json:"user_id"`
	URL    string `json:"-"`
	// Shown is the URL with everything after its host hidden.
	Shown   string    `json:"url"`
	Created time.Time `json:"created"`
	// Failures counts the deliveries that failed since the last that
	// went through; LastError says why the latest one failed.
	Failures    int       `json:"failures"`
	LastError   string    `json:"last_error,omitempty"`
	LastErrorAt time.Time `json:"last_error_at,omitzero"`
	LastSent    time.Time `json:"last_sent,omitzero"`
}

// Failing reports whether the channel's latest delivery failed.
func (c Channel) Failing() bool { return c.Failures > 0 }

// HideURL returns what may be shown of a channel URL: its scheme, and its
// host where the service's URL layout puts a server's name there (see
// channelHosts), with "…" standing for the rest. The user name, password,
// path, query and, for services that keep a key in the host, the host
// never show.
func HideURL(raw string) string {
	u, err := url.Parse(strings.TrimSpace(raw))
	if err != nil || u.Scheme == "" {
		return "(hidden)"
	}
	if !hostShown(u.Scheme) {
		return u.Scheme + "://…"
	}
	shown := u.Scheme + "://" + u.Host
	if u.User != nil || (u.Path != "" && u.Path != "/") || u.RawQuery != "" || u.Opaque != "" || u.Fragment != "" {
		shown += "/…"
	}
	return shown
}
