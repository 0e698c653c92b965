package greader

import (
	"context"
	"log/slog"
	"net/http"
	"net/url"
	"strings"
	"time"

	"vigil"
	"vigil/discover"
)

// Config connects a Handler to the rest of the server.
type Config struct {
	// Login checks a user name and a password or API token and returns
	// the user; the server supplies its own check (with its lockout of
	// addresses that fail too often). Required.
	Login func(r *http.Request, name, secret string) (*vigil.User, error)
	// Sanitize cleans item HTML before it is returned; nil returns it as
	// stored.
	Sanitize func(html string) string
	// OnSubscribe is called with a feed's ID after a user subscribes to it.
	OnSubscribe func(feedID int64)
	// Now tells the time; nil means time.Now.
	Now func() time.Time
	// Logger receives internal failures; nil means slog.Default().
	Logger *slog.Logger
	// Finder looks at a quickadd's URL for the feeds a web page
	// advertises; nil means the URL is followed as given.
	Finder *discover.Finder
	// OnRead, when set, is called with the user when a client has listed
	// a stream's items or their IDs (stream/contents, stream/items/ids,
	// the Atom form): with the stream's feed when it is one feed's, with
	// each of a label's feeds, and with 0 for the reading list and the
	// states (starred, read): a client syncing is a look at those feeds,
	// what the planner learns readers' hours from.
	OnRead func(ctx context.Context, userID, feedID int64)
}

// Handler serves the Google Reader API; it implements http.Handler.
type Handler struct {
	st  Store
	cfg Config
	mux *http.ServeMux
}

// New returns a Handler over st. It answers paths under /accounts/ and
// /reader/; mount it there.
func New(st Store, cfg Config) *Handler {
	if cfg.Now == nil {
		cfg.Now = time.Now
	}
	if cfg.Logger == nil {
		cfg.Logger = slog.Default()
	}
	if cfg.Sanitize == nil {
		cfg.Sanitize = func(s string) string { return s }
	}
	h := &Handler{st: st, cfg: cfg, mux: http.NewServeMux()}
	h.routes()
	return h
}

// routes registers every endpoint.
func (h *Handler) routes() {
	h.mux.HandleFunc("POST /accounts/ClientLogin", h.clientLogin)
	h.mux.HandleFunc("GET /accounts/ClientLogin", h.clientLogin)
	api := "/reader/api/0/"
	h.mux.HandleFunc("GET "+api+"token", h.authed(h.token))
	h.mux.HandleFunc("GET "+api+"user-info", h.authed(h.userInfo))
	h.mux.HandleFunc("GET "+api+"subscription/list", h.authed(h.subscriptionList))
	h.mux.HandleFunc("POST "+api+"subscription/edit", h.authed(h.posted(h.subscriptionEdit)))
	h.mux.HandleFunc("POST "+api+"subscription/quickadd", h.authed(h.posted(h.quickAdd)))
	h.mux.HandleFunc("GET "+api+"tag/list", h.authed(h.tagList))
	h.mux.HandleFunc("POST "+api+"rename-tag", h.authed(h.posted(h.renameTag)))
	h.mux.HandleFunc("POST "+api+"disable-tag", h.authed(h.posted(h.disableTag)))
	h.mux.HandleFunc("GET "+api+"unread-count", h.authed(h.unreadCount))
	h.mux.HandleFunc("GET "+api+"stream/items/ids", h.authed(h.itemIDs))
	h.mux.HandleFunc(api+"stream/items/contents", h.authed(h.itemContents))
	h.mux.HandleFunc("GET "+api+"stream/contents", h.authed(h.streamContents))
	h.mux.HandleFunc("POST "+api+"edit-tag", h.authed(h.posted(h.editTag)))
	h.mux.HandleFunc("POST "+api+"mark-all-as-read", h.authed(h.posted(h.markAllRead)))
	h.mux.HandleFunc("GET /reader/atom", h.authed(h.atom))
	h.mux.HandleFunc("/", h.noRoute)
}

// Paths whose rest is a stream ID.
const (
	contentsPath = "/reader/api/0/stream/contents"
	atomPath     = "/reader/atom"
)

// ServeHTTP answers one request. A stream ID in the path (feed/https://...)
// is taken from the path as sent, unescaped, before the mux sees a path it
// would clean of its double slashes; an empty one is the reading list.
func (h *Handler) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	w.Header().Set("Cache-Control", "no-store")
	for _, prefix := range []string{contentsPath, atomPath} {
		if stream, ok := streamInPath(r, prefix); ok {
			r2 := r.Clone(r.Context())
			r2.URL.Path, r2.URL.RawPath = prefix, ""
			r2.SetPathValue("stream", stream)
			h.mux.ServeHTTP(w, r2)
			// The mux sets the pattern it matched on the request it
			// served; hand it back, so the access log and the metrics
			// name the route as they do for every other endpoint.
			r.Pattern = r2.Pattern
			return
		}
	}
	h.mux.ServeHTTP(w, r)
}

// streamInPath returns the unescaped stream ID that follows prefix and a
// slash in the request's path.
func streamInPath(r *http.Request, prefix string) (string, bool) {
	rest, ok := strings.CutPrefix(r.URL.EscapedPath(), prefix+"/")
	if !ok {
		return "", false
	}
	stream, err := url.PathUnescape(rest)
	if err != nil {
		return "", false
	}
	return stream, true
}

// noRoute answers paths that match no endpoint.
func (h *Handler) noRoute(w http.ResponseWriter, r *http.Request) {
	h.fail(w, r, vigil.Errorf(vigil.ENOTFOUND, "no Google Reader API endpoint %s %q", r.Method, r.URL.Path))
}
