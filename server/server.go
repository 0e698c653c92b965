// Package server serves vigil over HTTP: it assembles the JSON REST API
// (package api), authenticated by API token or password, the plain
// server-rendered web UI (package web) with session cookies and
// CSRF-protected forms, and the reader-app APIs (packages greader and
// fever) over one shared authentication (internal/httpauth) and one
// error-to-status decision (internal/httperr). Server holds the whole
// store.Store; each part it assembles takes only the store roles it uses
// (a Store interface in the part's store.go). All of them show each user
// only the feeds they follow and the items of those feeds. routes.go
// lists every route.
package server

import (
	"context"
	"log/slog"
	"net/http"
	"net/netip"
	"time"

	"github.com/microcosm-cc/bluemonday"

	"vigil/discover"
	"vigil/server/api"
	"vigil/server/internal/httpauth"
	"vigil/server/internal/reading"
	"vigil/server/web"
	"vigil/store"
	"vigil/updates"
)

// Config adjusts a Server; its zero value works.
type Config struct {
	// Sanitizer cleans item HTML before it is shown or returned; nil means
	// bluemonday.UGCPolicy() with links that send no referrer and open
	// other sites in a new tab.
	Sanitizer *bluemonday.Policy
	// SanitizeCacheBytes bounds the cache of sanitised item HTML (inputs
	// and results); 0 means 32 MiB, a negative value turns
	// the cache off.
	SanitizeCacheBytes int
	// Now tells the time; nil means time.Now.
	Now func() time.Time
	// SecureCookies marks the session cookie Secure, for HTTPS deployments.
	SecureCookies bool
	// TrustedProxies are the reverse proxies whose Forwarded or
	// X-Forwarded-For header names the client whose failed logins count;
	// from other peers the headers are ignored.
	TrustedProxies []netip.Prefix
	// OnSubscribe, when set, is called with the feed's ID after a user
	// subscribes, so that the monitor can fetch a new feed at once.
	OnSubscribe func(feedID int64)
	// Logger receives request failures; nil means slog.Default().
	Logger *slog.Logger
	// Profiler answers channel search and recommendations; nil means
	// they answer 503 (stored channel profiles are still shown).
	Profiler Profiler
	// Metrics, when set, counts every request and is served at /metrics.
	Metrics Metrics
	// MetricsToken, when set, is the bearer token /metrics requires.
	MetricsToken string
	// BudgetPerHour is the global fetch limit per hour the dashboard
	// draws; 0 means there is none.
	BudgetPerHour int
	// Policy names the refresh policy in force, which decides how the
	// feed charts place the planned fetches; empty
	// means the default, combined.
	Policy string
	// Planner, when set, lists the running plan's fetches, which the feed
	// charts draw; nil (a server running no monitor) means they are
	// estimated as Policy places them, and the charts say so.
	Planner FetchPlanner
	// Updates tunes how page changes are judged (the ratings' weights);
	// the zero value means updates' defaults.
	Updates updates.Config
	// Zone is the time zone whose days the digests' Atom feed covers; nil
	// means UTC.
	Zone *time.Location
	// AllowPrivate lifts the address guard from the test messages the API
	// sends to users' notification channels (as --allow-private does).
	AllowPrivate bool
	// Finder looks at a URL added as a feed's (the web form, POST
	// /api/feeds and the Google Reader API's quickadd) for the feeds a web page advertises, through the
	// monitor's client and so its address guard; nil means URLs are
	// followed as given.
	Finder *discover.Finder
	// CheckNow fetches a feed or page now at a person's request (the
	// "Check now" button of its view), refusing with an error that says
	// why; nil means this server runs no monitor and refuses such checks.
	CheckNow func(ctx context.Context, feedID int64) (CheckResult, error)
}

// CheckResult is what a check asked for now did.
type CheckResult = reading.Checked

// Server is the HTTP face of vigil; it implements http.Handler.
type Server struct {
	st           store.Store
	now          func() time.Time
	onSubscribe  func(feedID int64)
	metrics      Metrics
	metricsToken string
	log          *slog.Logger
	reading      *reading.Service
	auth         *httpauth.Auth
	api          *api.Handlers
	web          *web.Handlers
	mux          *http.ServeMux
	beforeMux    []prefixRoute // matched ahead of mux, see routes
	apiRoutes    []string      // the JSON API's patterns, see handleAPI
	finder       *discover.Finder
}

// New returns a Server over st configured by cfg.
func New(st store.Store, cfg Config) *Server {
	s := &Server{
		st:           st,
		now:          cfg.Now,
		onSubscribe:  cfg.OnSubscribe,
		metrics:      cfg.Metrics,
		metricsToken: cfg.MetricsToken,
		log:          cfg.Logger,
		mux:          http.NewServeMux(),
		finder:       cfg.Finder,
	}
	if s.now == nil {
		s.now = time.Now
	}
	if s.log == nil {
		s.log = slog.Default()
	}
	s.reading = reading.New(st, reading.Config{
		Sanitizer:          cfg.Sanitizer,
		SanitizeCacheBytes: cfg.SanitizeCacheBytes,
		Now:                s.now,
		OnSubscribe:        s.onSubscribe,
		Logger:             s.log,
		Profiler:           cfg.Profiler,
		Policy:             cfg.Policy,
		Planner:            cfg.Planner,
		Updates:            cfg.Updates,
		Zone:               cfg.Zone,
		Finder:             cfg.Finder,
		Checker:            reading.Checker(cfg.CheckNow),
	})
	s.auth = httpauth.New(st, httpauth.Config{Now: s.now, SecureCookies: cfg.SecureCookies, Logger: s.log, TrustedProxies: cfg.TrustedProxies})
	s.api = api.New(api.Config{Store: st, Reading: s.reading, Auth: s.auth, Now: s.now, Logger: s.log,
		AllowPrivate: cfg.AllowPrivate})
	s.web = web.New(web.Config{Store: st, Reading: s.reading, Auth: s.auth, Now: s.now, Logger: s.log,
		SecureCookies: cfg.SecureCookies, BudgetPerHour: cfg.BudgetPerHour, AllowPrivate: cfg.AllowPrivate})
	s.routes()
	return s
}

// ServeHTTP sets the security headers common to every response,
// dispatches the request, and counts and logs it.
func (s *Server) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	h := w.Header()
	h.Set("X-Content-Type-Options", "nosniff")
	h.Set("Referrer-Policy", "same-origin")
	h.Set("Content-Security-Policy", "default-src 'none'; img-src * data:; style-src 'self'; script-src 'self'; form-action 'self'; frame-ancestors 'none'; base-uri 'none'")
	if h, ok := s.prefixed(r); ok {
		s.observe(w, r, h)
		return
	}
	s.observe(w, r, s.mux)
}
