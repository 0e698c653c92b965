// Package api is vigil's JSON REST API under /api/: a user's feeds,
// items, watched pages, changes, digests, notification channels and alert
// rules, channel profiles and settings,
// authenticated by API token or password. Its handlers are registered by
// package server, whose routes.go lists every route; they answer through
// reading.Service as the web pages do.
package api

import (
	"log/slog"
	"time"

	"vigil/server/internal/httpauth"
	"vigil/server/internal/reading"
)

// Config is what the API's handlers work with.
type Config struct {
	// Store holds the users' data.
	Store Store
	// Reading carries out the users' requests.
	Reading *reading.Service
	// Auth authenticates each request.
	Auth *httpauth.Auth
	// Now tells the time; nil means time.Now.
	Now func() time.Time
	// Logger receives request failures; nil means slog.Default().
	Logger *slog.Logger
	// AllowPrivate lifts the address guard from test messages sent to
	// notification channels.
	AllowPrivate bool
}

// Handlers holds the JSON API's handlers.
type Handlers struct {
	st      Store
	reading *reading.Service
	auth    *httpauth.Auth
	now     func() time.Time
	log     *slog.Logger
	// allowPrivate lifts the address guard from test messages.
	allowPrivate bool
}

// New returns the API's handlers configured by cfg.
func New(cfg Config) *Handlers {
	s := &Handlers{st: cfg.Store, reading: cfg.Reading, auth: cfg.Auth, now: cfg.Now, log: cfg.Logger, allowPrivate: cfg.AllowPrivate}
	if s.now == nil {
		s.now = time.Now
	}
	if s.log == nil {
		s.log = slog.Default()
	}
	return s
}
