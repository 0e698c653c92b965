// Package demo lets vigil run without the internet: it serves a publication
// trace as live RSS feeds on loopback and provides an accelerated clock, so
// that the real monitor and web server, started by `vigil demo`, learn the
// sources' rates and schedule fetches within minutes of real time.
package demo
