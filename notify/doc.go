// Package notify sends users' alerts as they happen: it checks and hides
// the notification channel URLs users give (shoutrrr's syntax: ntfy://,
// telegram://, discord://, generic+https://host/path for any webhook and
// more), and runs the Sender, which delivers what the ingests queued in
// the store's outbox with retries and backoff, a rate limit and batching
// per channel, and leases so that several processes never send a message
// at the same time.
package notify
