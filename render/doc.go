// Package render fetches web pages through headless Chromium, for pages
// whose content their scripts write: it returns the document the scripts
// leave once the network goes idle (or a selector appears), not the bytes
// the server sent.
//
// Renders run in a small bounded pool of tabs of one browser process,
// each in a fresh browser context (no cookies or storage shared between
// renders), under a time limit, a cap on the size of the document read
// back and a cap on the JavaScript heap. Every request the browser makes
// (the page, its redirects, scripts, styles, images, frames, XHR and
// fetch) is paused through the DevTools Fetch domain and checked with
// fetch's address guard before it may go on: a host that resolves to a
// private, loopback or link-local address is refused unless the pool
// allows private addresses, and schemes other than http(s), data and blob
// (file:, ftp:, chrome:) are refused always; data: and blob: open no
// connection.
//
// That check resolves the name before the browser connects, and a name
// may answer differently the next time (DNS rebinding). So the browser
// connects only through a SOCKS5 proxy the pool runs on loopback, with
// no bypass (loopback included): Chromium hands it the host name, and the
// proxy resolves it and connects with fetch.NewDialer's dialer, which
// judges the address it actually connects to. A refused connection fails
// the page with the guard's reason. WebSocket and WebRTC, which the Fetch
// domain does not see, are removed from every page before its scripts
// run (a WebSocket would go through the proxy all the same, and UDP that
// cannot is off); service workers are off.
//
// The browser is Debian's chromium package; without it New returns
// ErrNoBrowser, which names the package to install.
package render
