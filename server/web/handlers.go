// Package web is vigil's plain server-rendered web UI: the pages of a
// signed-in visitor (home, feeds, items, search, watched pages and their
// changes, the dashboard with its charts), their forms, protected by
// session cookies and CSRF tokens, and the login page. Its handlers are
// registered by package server, whose routes.go lists every route; they
// answer through reading.Service as the JSON API does.
package web

import (
	"html/template"
	"log/slog"
	"time"

	"vigil/server/internal/httpauth"
	"vigil/server/internal/reading"
)

// Config is what the pages' handlers work with.
type Config struct {
	// Store holds the users' data.
	Store Store
	// Reading carries out the users' requests.
	Reading *reading.Service
	// Auth authenticates visitors and their forms.
	Auth *httpauth.Auth
	// Now tells the time; nil means time.Now.
	Now func() time.Time
	// Logger receives request failures; nil means slog.Default().
	Logger *slog.Logger
	// SecureCookies marks the flash cookie Secure, for HTTPS deployments.
	SecureCookies bool
	// BudgetPerHour is the global fetch limit per hour the dashboard
	// draws; 0 means there is none.
	BudgetPerHour int
	// AllowPrivate lifts the address guard from the test messages the
	// settings page sends to notification channels (as serve's
	// --allow-private does for fetches).
	AllowPrivate bool
}

// Handlers holds the web UI's handlers and its parsed templates.
type Handlers struct {
	st            Store
	reading       *reading.Service
	auth          *httpauth.Auth
	now           func() time.Time
	log           *slog.Logger
	secureCookies bool
	budgetPerHour int
	allowPrivate  bool
	pages         map[string]*template.Template
}

// New returns the web UI's handlers configured by cfg.
func New(cfg Config) *Handlers {
	s := &Handlers{st: cfg.Store, reading: cfg.Reading, auth: cfg.Auth, now: cfg.Now, log: cfg.Logger,
		secureCookies: cfg.SecureCookies, budgetPerHour: cfg.BudgetPerHour, allowPrivate: cfg.AllowPrivate}
	if s.now == nil {
		s.now = time.Now
	}
	if s.log == nil {
		s.log = slog.Default()
	}
	s.pages = s.parsePages()
	return s
}
