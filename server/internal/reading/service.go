// Package reading is what a signed-in user does with vigil, checked and
// applied to the store, for the JSON API and the web pages alike:
// following feeds and watched pages and editing those subscriptions,
// listing, searching and opening items (their HTML sanitised), channel
// profiles and recommendations, page changes and digests, and the feed
// charts. Both faces answer through one Service, so that they refuse and
// accept the same things.
package reading

import (
	"log/slog"
	"time"

	"github.com/microcosm-cc/bluemonday"

	"vigil/discover"
	"vigil/sanitize"
	"vigil/updates"
)

// Config adjusts a Service; its zero value works.
type Config struct {
	// Sanitizer cleans item HTML before it is shown or returned; nil means
	// sanitize.Policy().
	Sanitizer *bluemonday.Policy
	// SanitizeCacheBytes bounds the cache of sanitised item HTML (inputs
	// and results, see cleaner); 0 means 32 MiB, a negative value turns
	// the cache off.
	SanitizeCacheBytes int
	// Now tells the time; nil means time.Now.
	Now func() time.Time
	// OnSubscribe, when set, is called with the feed's ID after a user
	// subscribes.
	OnSubscribe func(feedID int64)
	// Logger receives the failures that are logged, not shown; nil means
	// slog.Default().
	Logger *slog.Logger
	// Profiler answers channel search and recommendations; nil means
	// they fail with ErrNoProfiler.
	Profiler Profiler
	// Policy names the refresh policy in force, which decides how the
	// feed charts place the planned fetches (see placementFor).
	Policy string
	// Planner, when set, lists the running plan's fetches for the charts.
	Planner FetchPlanner
	// Updates tunes how page changes are judged.
	Updates updates.Config
	// Zone is the time zone of the digests' days; nil means UTC.
	Zone *time.Location
	// Finder looks at a URL added as a feed's for the feeds a web page
	// advertises (SubscribeFinding); nil means URLs are followed as given.
	Finder *discover.Finder
	// Checker fetches a feed or page now at a person's request (CheckNow);
	// nil means the server runs no monitor and such checks are refused.
	Checker Checker
}

// Service carries out a user's requests against the store.
type Service struct {
	st          Store
	sanitizer   *cleaner
	now         func() time.Time
	onSubscribe func(feedID int64)
	log         *slog.Logger
	profiler    Profiler
	placement   placement
	planner     FetchPlanner
	updates     updates.Config
	zone        *time.Location
	diffs       *diffViews
	finder      *discover.Finder
	checker     Checker
}

// New returns a Service over st configured by cfg.
func New(st Store, cfg Config) *Service {
	s := &Service{
		st:          st,
		now:         cfg.Now,
		onSubscribe: cfg.OnSubscribe,
		log:         cfg.Logger,
		profiler:    cfg.Profiler,
		placement:   placementFor(cfg.Policy),
		planner:     cfg.Planner,
		updates:     cfg.Updates,
		zone:        cfg.Zone,
		diffs:       newDiffViews(defaultDiffCacheBytes),
		finder:      cfg.Finder,
		checker:     cfg.Checker,
	}
	policy, cacheBytes := cfg.Sanitizer, cfg.SanitizeCacheBytes
	if policy == nil {
		policy = sanitize.Policy()
	}
	if cacheBytes == 0 {
		cacheBytes = defaultSanitizeCacheBytes
	}
	s.sanitizer = newCleaner(policy, cacheBytes)
	if s.now == nil {
		s.now = time.Now
	}
	if s.log == nil {
		s.log = slog.Default()
	}
	return s
}

// Sanitize cleans HTML by the service's policy, as items are cleaned.
func (s *Service) Sanitize(html string) string { return s.sanitizer.Sanitize(html) }

// HasProfiler reports whether channel search and recommendations are
// available.
func (s *Service) HasProfiler() bool { return s.profiler != nil }

// Updates is how page changes are judged.
func (s *Service) Updates() updates.Config { return s.updates }
