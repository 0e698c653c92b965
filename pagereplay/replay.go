package pagereplay

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"path/filepath"
	"sync/atomic"
	"time"

	"vigil"
	"vigil/change"
	"vigil/clock"
	"vigil/fetch"
	"vigil/monitor"
	"vigil/plan"
	"vigil/store"
	"vigil/store/sqlite"
)

// Options says how a history is replayed; the zero value serves HTML
// hourly to a page watched whole, with the default returns.
type Options struct {
	// Dir is where the SQLite file is made; it must exist.
	Dir string
	// ContentType is served with every version; "" means "text/html".
	ContentType string
	// Selector and Ignore are the page's watched region and ignore rules.
	Selector string
	Ignore   []string
	// Returns is the page's number of states compared to tell a return
	// (vigil.Page.Returns; 0 the default).
	Returns int
	// Interval is the virtual time between two versions; 0 means an hour.
	Interval time.Duration
}

// Run replays the versions through the live monitor and reports what it
// recorded.
func Run(ctx context.Context, versions []Version, o Options) (Report, error) {
	r, err := newRig(o)
	if err != nil {
		return Report{}, err
	}
	defer r.close()
	f, err := r.follow(o)
	if err != nil {
		return Report{}, err
	}
	rep := Report{Severities: map[string]int{}}
	for _, v := range versions {
		if err := r.step(ctx, f, v, &rep); err != nil {
			return rep, err
		}
	}
	p, err := r.st.Page(ctx, f.ID)
	if err != nil {
		return rep, err
	}
	rep.Stored, rep.Noise = p.Versions, learned(p)
	return rep, nil
}

// rig is the live monitor, its store and the server of the versions.
type rig struct {
	st   *sqlite.DB
	srv  *httptest.Server
	body atomic.Pointer[[]byte]
	clk  *clock.Virtual
	mon  *monitor.Monitor
	user *vigil.User
	iv   time.Duration
}

// start is the virtual time of the first fetch.
var start = time.Date(2026, 1, 5, 9, 0, 0, 0, time.UTC)

// newRig opens a new store in o.Dir, starts the loopback server and
// builds the monitor.
func newRig(o Options) (*rig, error) {
	st, err := sqlite.Open(filepath.Join(o.Dir, "replay.db"))
	if err != nil {
		return nil, err
	}
	r := &rig{st: st, clk: clock.NewVirtual(start), iv: o.Interval}
	if r.iv <= 0 {
		r.iv = time.Hour
	}
	ct := o.ContentType
	if ct == "" {
		ct = "text/html"
	}
	r.srv = httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, _ *http.Request) {
		w.Header().Set("Content-Type", ct)
		w.Write(*r.body.Load())
	}))
	r.mon, err = monitor.New(monitor.Deps{
		Store:   st,
		Client:  fetch.New(fetch.Config{AllowPrivate: true, Timeout: 30 * time.Second, Clock: r.clk}),
		Hosts:   fetch.NewHostLimiter(1, 0, r.clk),
		Planner: &plan.EWMA{Bounds: plan.DefaultBounds},
		Clock:   r.clk,
		Logger:  slog.New(slog.DiscardHandler),
	}, monitor.Config{})
	if err != nil {
		r.close()
		return nil, err
	}
	return r, nil
}

// close stops the server and closes the store.
func (r *rig) close() {
	r.srv.Close()
	r.st.Close()
}

// follow makes a user follow the served page with o's settings.
func (r *rig) follow(o Options) (vigil.Feed, error) {
	ctx := context.Background()
	r.user = &vigil.User{Name: "replay", PasswordHash: "-", TokenHash: "-"}
	if err := r.st.CreateUser(ctx, r.user); err != nil {
		return vigil.Feed{}, err
	}
	sub, err := r.st.FollowPage(ctx, r.user.ID, r.srv.URL+"/page", 1, r.clk.Now())
	if err != nil {
		return vigil.Feed{}, err
	}
	id := sub.Feed.ID
	err = errors.Join(r.st.SetPageSelector(ctx, r.user.ID, id, o.Selector), r.st.SetPageIgnore(ctx, r.user.ID, id, o.Ignore))
	if err == nil && o.Returns != 0 {
		err = r.st.SetPageReturns(ctx, r.user.ID, id, o.Returns)
	}
	return sub.Feed, err
}

// step serves one version, has the monitor fetch it and records what it
// stored.
func (r *rig) step(ctx context.Context, f vigil.Feed, v Version, rep *Report) error {
	body, err := v.Read(ctx)
	if err != nil {
		return fmt.Errorf("pagereplay: reading version %s: %w", v.Name, err)
	}
	r.body.Store(&body)
	r.clk.Advance(r.iv)
	cur, err := r.st.Feed(ctx, f.ID)
	if err != nil {
		return err
	}
	res, err := r.mon.FetchFeed(ctx, *cur)
	if err != nil {
		return fmt.Errorf("pagereplay: fetching version %s: %w", v.Name, err)
	}
	if res.Err != "" {
		return fmt.Errorf("pagereplay: fetching version %s: %s", v.Name, res.Err)
	}
	rep.Versions++
	if res.Updated == 0 {
		return nil
	}
	cs, err := r.st.Changes(ctx, store.ChangeQuery{FeedID: f.ID, Limit: 1})
	if err != nil || len(cs) == 0 {
		return fmt.Errorf("pagereplay: reading the change of version %s: %v", v.Name, err)
	}
	var e change.Extents
	if err := json.Unmarshal(cs[0].Extents, &e); err != nil {
		return fmt.Errorf("pagereplay: reading the change of version %s: %w", v.Name, err)
	}
	rep.add(v.Name, e)
	return nil
}
