package digest

import (
	"fmt"
	"mime"
	"strings"
	"time"
)

// Message renders the digest as an RFC 5322 message in plain text (UTF-8,
// quoted-printable not needed: lines stay short and the transfer is 8BIT).
// baseURL, when set, links each change's diff view.
func Message(d Digest, from, to, baseURL string, now time.Time) []byte {
	var b strings.Builder
	subject := fmt.Sprintf("vigil: %d page change%s on %s", len(d.Changes), plural(len(d.Changes)), d.Day)
	fmt.Fprintf(&b, "From: %s\r\nTo: %s\r\n", from, to)
	fmt.Fprintf(&b, "Subject: %s\r\n", mime.QEncoding.Encode("utf-8", subject))
	fmt.Fprintf(&b, "Date: %s\r\n", now.Format(time.RFC1123Z))
	b.WriteString("MIME-Version: 1.0\r\nContent-Type: text/plain; charset=utf-8\r\nContent-Transfer-Encoding: 8bit\r\n\r\n")
	fmt.Fprintf(&b, "Hello %s,\r\n\r\nthe pages you watch changed on %s:\r\n", d.User, d.Day)
	for _, c := range d.Changes {
		fmt.Fprintf(&b, "\r\n* %s\r\n  %s\r\n  %s, %s", title(c.Title, c.URL), c.URL, c.At.UTC().Format("15:04 UTC"), c.Summary)
		fmt.Fprintf(&b, "\r\n  agent: %s", c.Agent)
		if c.Community.Ratings > 0 {
			fmt.Fprintf(&b, "; followers: %s (%d rating%s)", c.Community.Severity, c.Community.Ratings, plural(c.Community.Ratings))
		}
		if baseURL != "" {
			fmt.Fprintf(&b, "\r\n  see the changes: %s/changes/%d", strings.TrimRight(baseURL, "/"), c.ID)
		}
		b.WriteString("\r\n")
	}
	b.WriteString("\r\nYou get this e-mail once a day when a page you watch changed. Turn it off with\r\n`vigil digest --off` or PUT /api/me/digest {\"off\": true}.\r\n")
	return []byte(b.String())
}

// title is a page's title, else its URL.
func title(t, url string) string {
	if t != "" {
		return t
	}
	return url
}

func plural(n int) string {
	if n == 1 {
		return ""
	}
	return "s"
}
