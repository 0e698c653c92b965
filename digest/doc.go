// Package digest tells each user, once a day, of that day's changes to the
// pages they follow that are worth telling under the notification rule
// (Glance et al. §3.1.3): as one e-mail over SMTP (unless they opted out),
// as a JSON POST to their webhook, and as an Atom feed any reader can
// follow. The Runner sends each user's digest of a day once, even across
// restarts (the store records the days sent).
package digest
