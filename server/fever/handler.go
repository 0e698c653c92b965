package fever

import (
	"context"
	"encoding/json"
	"log/slog"
	"net/http"
	"time"

	"vigil"
)

// APIVersion is the version of the Fever API served.
const APIVersion = 3

// Config connects a Handler to the rest of the server.
type Config struct {
	// Login returns the user whose Fever key is apiKey (the hex md5 the
	// client sends); the server supplies it with its lockout of addresses
	// that fail too often. Required.
	Login func(r *http.Request, apiKey string) (*vigil.User, error)
	// Sanitize cleans item HTML; nil returns it as stored.
	Sanitize func(html string) string
	// Now tells the time; nil means time.Now.
	Now func() time.Time
	// Logger receives internal failures; nil means slog.Default().
	Logger *slog.Logger
	// OnRead, when set, is called with the user when a request reads
	// their items (items or unread_item_ids): a client syncing is an
	// access to all their feeds, what the planner learns readers' hours
	// from.
	OnRead func(ctx context.Context, userID int64)
}

// Handler serves the Fever API; it implements http.Handler.
type Handler struct {
	st  Store
	cfg Config
}

// New returns a Handler over st; mount it at /fever/.
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
	return &Handler{st: st, cfg: cfg}
}

// maxForm bounds a request body, in bytes.
const maxForm = 1 << 20

// ServeHTTP answers one Fever request: it authenticates, applies a mark if
// one is asked, and answers every part asked for in one JSON object.
func (h *Handler) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	w.Header().Set("Cache-Control", "no-store")
	r.Body = http.MaxBytesReader(w, r.Body, maxForm)
	if err := parse(r); err != nil {
		h.answer(w, r, nil, err)
		return
	}
	if !r.Form.Has("api") {
		h.answer(w, r, nil, vigil.Errorf(vigil.EINVALID, "this is the Fever API: add ?api to the address"))
		return
	}
	u, err := h.cfg.Login(r, r.Form.Get("api_key"))
	if vigil.ErrorCode(err) == vigil.EUNAUTHORIZED || vigil.ErrorCode(err) == vigil.ENOTFOUND {
		writeJSON(w, http.StatusOK, map[string]any{"api_version": APIVersion, "auth": 0})
		return
	}
	if err != nil {
		h.answer(w, r, nil, err)
		return
	}
	out, err := h.respond(r, u)
	h.answer(w, r, out, err)
}

// parse reads the query and a url-encoded or multipart body, both of
// which clients use.
func parse(r *http.Request) error {
	err := r.ParseMultipartForm(maxForm)
	if err == http.ErrNotMultipart {
		err = r.ParseForm()
	}
	if err != nil {
		return vigil.Errorf(vigil.EINVALID, "unreadable request: %v", err)
	}
	return nil
}

// respond runs the mark and the reads a request asks for.
func (h *Handler) respond(r *http.Request, u *vigil.User) (map[string]any, error) {
	ctx := r.Context()
	out := map[string]any{"api_version": APIVersion, "auth": 1}
	if r.Form.Has("mark") {
		if err := h.mark(ctx, u, r.Form); err != nil {
			return nil, err
		}
	}
	subs, err := h.st.Subscriptions(ctx, u.ID)
	if err != nil {
		return nil, err
	}
	out["last_refreshed_on_time"] = lastRefreshed(subs, h.cfg.Now())
	if h.cfg.OnRead != nil && (r.Form.Has("items") || r.Form.Has("unread_item_ids")) {
		h.cfg.OnRead(ctx, u.ID)
	}
	for _, part := range parts {
		if !r.Form.Has(part.name) {
			continue
		}
		if err := part.add(h, r, u, subs, out); err != nil {
			return nil, err
		}
	}
	return out, nil
}

// part is one thing a request can ask for, by its query parameter.
type part struct {
	name string
	add  func(h *Handler, r *http.Request, u *vigil.User, subs []vigil.Subscription, out map[string]any) error
}

// parts are the reads of the Fever API, in the order they are answered.
var parts = []part{
	{"groups", (*Handler).groups},
	{"feeds", (*Handler).feeds},
	{"favicons", (*Handler).favicons},
	{"items", (*Handler).items},
	{"links", (*Handler).links},
	{"unread_item_ids", (*Handler).unreadIDs},
	{"saved_item_ids", (*Handler).savedIDs},
}

// lastRefreshed is when the user's feeds were last fetched, in Unix
// seconds; now when none has been.
func lastRefreshed(subs []vigil.Subscription, now time.Time) int64 {
	var last time.Time
	for _, s := range subs {
		if s.Feed.LastFetch.After(last) {
			last = s.Feed.LastFetch
		}
	}
	if last.IsZero() {
		last = now
	}
	return last.Unix()
}

// answer writes out, or err as fail does.
func (h *Handler) answer(w http.ResponseWriter, r *http.Request, out map[string]any, err error) {
	if err == nil {
		writeJSON(w, http.StatusOK, out)
		return
	}
	h.fail(w, r, err)
}

// writeJSON writes v with the status.
func writeJSON(w http.ResponseWriter, code int, v any) {
	w.Header().Set("Content-Type", "application/json; charset=utf-8")
	w.WriteHeader(code)
	json.NewEncoder(w).Encode(v) // an error here means the client went away
}
