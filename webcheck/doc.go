// Package webcheck holds the real-browser check of vigil's web pages: its
// test starts the server on loopback over a SQLite file filled by the
// monitor from feeds served by httptest, drives Debian's Chromium headless
// over every page at phone (390 px) and desktop (1280 px) widths, and
// fails on an HTTP error, a console error, a horizontal overflow or a
// chart without data marks. It also presses the item list's keys.
//
// It is one of the long end-to-end checks (vigil/internal/longtest):
// `go test ./...` skips it, and .ci/run runs it in its second pass. Run it
// with
//
//	VIGIL_LONG_TESTS=1 go test ./webcheck -v
//
// It is skipped with a message when chromium is not installed, unless the
// environment variable CI is set (as .ci/run sets it): then it fails. With
// VIGIL_SCREENSHOTS=DIR it saves a full-page screenshot of every page.
package webcheck
