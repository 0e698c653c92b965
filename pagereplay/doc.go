// Package pagereplay replays a page's recorded history, version by
// version, through the live monitor: a loopback HTTP server serves each
// version in turn, the monitor fetches it over HTTP and stores what it
// found in a real SQLite file, and the replay reports the versions,
// changes, returns and severities the monitor recorded. It answers
// whether the monitor tells a real page's history as a reader would: no
// change without a visible difference, a page flipping between two states
// told once.
package pagereplay
