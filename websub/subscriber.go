package websub

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"net/url"
	"strconv"
	"strings"
	"time"

	"vigil"
	"vigil/clock"
	"vigil/fetch"
	"vigil/store"
)

// Store is what the subscriber keeps and reads: the subscriptions, and
// the feeds with their number of followers.
type Store interface {
	store.Pushing
	// Feed returns a feed with its derived fields (Subscribers), or
	// ENOTFOUND.
	Feed(ctx context.Context, id int64) (*vigil.Feed, error)
}

// Ingester stores content a hub pushed as a fetch would store it
// (monitor.Monitor is one).
type Ingester interface {
	// IngestPush stores the content pushed for the feed at at.
	IngestPush(ctx context.Context, feedID int64, body []byte, contentType string, at time.Time) (vigil.Ingested, error)
}

// Defaults of the Subscriber's timing.
const (
	DefaultLease       = 10 * 24 * time.Hour // the lease asked of hubs
	DefaultRenewBefore = 24 * time.Hour      // renewal this long before a lease ends (at most half the lease)
	DefaultVerifyWait  = time.Hour           // how long a hub may take to verify an intent
	DefaultRetry       = 24 * time.Hour      // wait before asking a hub again after it denied or went silent
)

// Subscriber subscribes feeds to their hubs and keeps the subscriptions:
// it renews them before their leases end and ends them once a feed has no
// follower. Its Callback is the HTTP handler the hubs call. The zero
// values of its optional fields mean their defaults.
type Subscriber struct {
	// Store keeps the subscriptions and knows the feeds' followers.
	Store Store
	// Ingest stores what hubs push, as a fetch would.
	Ingest Ingester
	// Client sends the requests to hubs; build it with fetch.NewPostClient
	// so that every dial passes the fetch address guard.
	Client *http.Client
	// PublicURL is the base URL at which hubs reach this server (serve's
	// --public-url); empty: no subscription is made.
	PublicURL string
	Clock     clock.Clock  // default clock.Wall
	Log       *slog.Logger // default slog.Default()
	// Lease is the lease asked of hubs, RenewBefore how long before a
	// lease ends it is renewed, VerifyWait how long a hub may take to
	// verify an intent, Retry how long before a hub that denied or went
	// silent is asked again; see the Default constants.
	Lease       time.Duration
	RenewBefore time.Duration
	VerifyWait  time.Duration
	Retry       time.Duration
}

// CallbackPath is the route of the callbacks: /websub/{feed}/{key}.
const CallbackPath = "/websub/"

func (s *Subscriber) now() time.Time {
	if s.Clock == nil {
		return time.Now()
	}
	return s.Clock.Now()
}

func (s *Subscriber) log() *slog.Logger {
	if s.Log == nil {
		return slog.Default()
	}
	return s.Log
}

func orDefault(d, def time.Duration) time.Duration {
	if d > 0 {
		return d
	}
	return def
}

// Found subscribes the feed to the first hub its fetched document
// advertises, unless vigil has no public URL, the feed advertises no hub,
// or it already has a subscription at that hub (one denied or silent is
// asked again after Retry). Failures are logged: the feed is polled as
// before.
func (s *Subscriber) Found(ctx context.Context, f vigil.Feed, h http.Header, body []byte) {
	if s.PublicURL == "" {
		return
	}
	links := Discover(h, body, f.URL)
	if len(links.Hubs) == 0 {
		return
	}
	topic := links.Self
	if topic == "" {
		topic = f.URL
	}
	p, err := s.Store.Push(ctx, f.ID)
	switch {
	case err == nil && !s.askAgain(p, links.Hubs[0], topic):
		return
	case err != nil && vigil.ErrorCode(err) != vigil.ENOTFOUND:
		s.log().Error("reading the WebSub subscription", "feed", f.ID, "error", err)
		return
	}
	if err := s.Subscribe(ctx, f.ID, links.Hubs[0], topic); err != nil {
		s.log().Warn("WebSub subscription failed; the feed is polled", "feed", f.ID, "hub", fetch.RedactURL(links.Hubs[0]), "error", err)
	}
}

// askAgain reports whether a feed that has the subscription p and now
// advertises hub and topic should be subscribed again.
func (s *Subscriber) askAgain(p *vigil.Push, hub, topic string) bool {
	if p.Hub != hub || p.Topic != topic {
		return p.State != vigil.PushLeaving
	}
	stale := s.now().Sub(p.Requested) >= orDefault(s.Retry, DefaultRetry)
	return (p.State == vigil.PushDenied || p.State == vigil.PushSilent) && stale
}

// Subscribe asks hub to subscribe the feed to topic, with a fresh callback
// key and secret, and records the pending intent first, so that a hub
// that verifies before it answers finds it.
func (s *Subscriber) Subscribe(ctx context.Context, feedID int64, hub, topic string) error {
	p := vigil.Push{FeedID: feedID, Hub: hub, Topic: topic, Key: randomHex(16), Secret: randomHex(24)}
	return s.request(ctx, p, "subscribe")
}

// request records p's intent of mode (subscribe or unsubscribe) as
// pending, sends it to the hub, and records a refusal.
func (s *Subscriber) request(ctx context.Context, p vigil.Push, mode string) error {
	p.Requested, p.Note = s.now(), ""
	p.State = vigil.PushPending
	if mode == "unsubscribe" {
		p.State = vigil.PushLeaving
	}
	if err := s.Store.SavePush(ctx, p); err != nil {
		return err
	}
	err := s.send(ctx, p, mode)
	if err != nil && mode == "subscribe" {
		p.State, p.LeaseUntil, p.Note = vigil.PushDenied, time.Time{}, err.Error()
		if serr := s.Store.SavePush(ctx, p); serr != nil {
			return serr
		}
	}
	return err
}

// send posts a subscription request to the hub; any 2xx answer is
// accepted (the Recommendation asks for 202 Accepted; a hub that verified
// at once may answer 204).
func (s *Subscriber) send(ctx context.Context, p vigil.Push, mode string) error {
	form := url.Values{"hub.mode": {mode}, "hub.topic": {p.Topic}, "hub.callback": {s.callback(p)}}
	if mode == "subscribe" {
		form.Set("hub.lease_seconds", strconv.FormatInt(int64(orDefault(s.Lease, DefaultLease)/time.Second), 10))
		form.Set("hub.secret", p.Secret)
	}
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, p.Hub, strings.NewReader(form.Encode()))
	if err != nil {
		return fmt.Errorf("websub: hub URL %s: %w", fetch.RedactURL(p.Hub), err)
	}
	req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	resp, err := s.Client.Do(req)
	if err != nil {
		return fmt.Errorf("websub: asking hub %s to %s: %w", fetch.RedactURL(p.Hub), mode, err)
	}
	defer resp.Body.Close()
	reason, _ := io.ReadAll(io.LimitReader(resp.Body, 512))
	if resp.StatusCode < 200 || resp.StatusCode > 299 {
		return fmt.Errorf("websub: hub %s refused to %s: %s %s", fetch.RedactURL(p.Hub), mode, resp.Status, strings.TrimSpace(string(reason)))
	}
	return nil
}

// callback is the URL the hub calls for p.
func (s *Subscriber) callback(p vigil.Push) string {
	return strings.TrimRight(s.PublicURL, "/") + CallbackPath + strconv.FormatInt(p.FeedID, 10) + "/" + p.Key
}

// randomHex returns n random bytes in hexadecimal.
func randomHex(n int) string {
	b := make([]byte, n)
	rand.Read(b) // never fails (crypto/rand)
	return hex.EncodeToString(b)
}
