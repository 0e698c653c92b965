package render

import (
	"context"
	"errors"
	"log/slog"
	"net"
	neturl "net/url"
	"sync"
	"time"

	"github.com/chromedp/cdproto/cdp"
	cdpfetch "github.com/chromedp/cdproto/fetch"
	"github.com/chromedp/cdproto/network"
	"github.com/chromedp/cdproto/page"
	"github.com/chromedp/chromedp"

	"vigil/fetch"
)

// session is what one render learns from the tab's events: the requests
// paused for the guard, the lifecycle of the frames, the documents'
// responses and the requests refused.
type session struct {
	guard guard
	proxy *proxy
	began time.Time
	log   *slog.Logger

	mu        sync.Mutex
	paused    []*cdpfetch.EventRequestPaused
	lifecycle []*page.EventLifecycleEvent
	responses []*network.EventResponseReceived
	refused   []error  // of documents (the page, its frames), in order
	documents []string // the URLs of the documents let go on, in order
	wake      chan struct{}
	changed   chan struct{}
}

// newSession returns a session under the guard g whose connections go
// through proxy.
func newSession(g guard, proxy *proxy, log *slog.Logger) *session {
	return &session{guard: g, proxy: proxy, began: time.Now(), log: log,
		wake: make(chan struct{}, 1), changed: make(chan struct{}, 1)}
}

// event records an event of the tab; it runs on chromedp's event loop, so
// it only queues and signals.
func (s *session) event(ev any) {
	s.mu.Lock()
	defer s.mu.Unlock()
	switch ev := ev.(type) {
	case *cdpfetch.EventRequestPaused:
		s.paused = append(s.paused, ev)
		signal(s.wake)
	case *page.EventLifecycleEvent:
		s.lifecycle = append(s.lifecycle, ev)
		signal(s.changed)
	case *network.EventResponseReceived:
		if ev.Type == documentType {
			s.responses = append(s.responses, ev)
		}
	}
}

// signal wakes the waiter of c without blocking.
func signal(c chan struct{}) {
	select {
	case c <- struct{}{}:
	default:
	}
}

// serve lets each paused request go on or fails it, as the guard says,
// until ctx ends.
func (s *session) serve(ctx context.Context, t *chromedp.Target) {
	for {
		select {
		case <-ctx.Done():
			return
		case <-s.wake:
		}
		for _, ev := range s.takePaused() {
			s.decide(ctx, t, ev)
		}
	}
}

// takePaused empties the queue of paused requests.
func (s *session) takePaused() []*cdpfetch.EventRequestPaused {
	s.mu.Lock()
	defer s.mu.Unlock()
	out := s.paused
	s.paused = nil
	return out
}

// decide continues or fails one paused request. A failed command means
// the tab is closing; the render's own wait reports that.
func (s *session) decide(ctx context.Context, t *chromedp.Target, ev *cdpfetch.EventRequestPaused) {
	if err := s.guard.check(ctx, ev.Request.URL); err != nil {
		s.log.Debug("render: request refused", "url", fetch.RedactURL(ev.Request.URL), "type", ev.ResourceType, "error", err)
		if ev.ResourceType == documentType {
			s.mu.Lock()
			s.refused = append(s.refused, err)
			s.mu.Unlock()
		}
		cdp.Call(ctx, t, cdpfetch.FailRequest, cdpfetch.FailRequestParams{RequestID: ev.RequestID, ErrorReason: network.ErrorReasonBlockedByClient})
		return
	}
	if ev.ResourceType == documentType {
		s.mu.Lock()
		s.documents = append(s.documents, ev.Request.URL)
		s.mu.Unlock()
	}
	cdp.Call(ctx, t, cdpfetch.ContinueRequest, cdpfetch.ContinueRequestParams{RequestID: ev.RequestID})
}

// refusedDocument returns why the first refused document was refused.
func (s *session) refusedDocument() error {
	s.mu.Lock()
	defer s.mu.Unlock()
	if len(s.refused) == 0 {
		return nil
	}
	return s.refused[0]
}

// proxyFailure returns why the proxy failed the connection of the page
// at url, or of a document it led to (a redirect's target), during this
// render, as a fetch.Error; nil when it failed none.
func (s *session) proxyFailure(url string) error {
	s.mu.Lock()
	docs := append([]string{url}, s.documents...)
	s.mu.Unlock()
	for i := len(docs) - 1; i >= 0; i-- {
		u, err := neturl.Parse(docs[i])
		if err != nil {
			continue
		}
		if cause := s.proxy.refusalSince(u.Hostname(), s.began); cause != nil {
			return connectionError(docs[i], cause)
		}
	}
	return nil
}

// connectionError is a failed connection of the proxy as a fetch.Error
// of the kind fetch gives the same failure.
func connectionError(url string, cause error) error {
	var (
		ae  *fetch.AddressError
		dns *net.DNSError
	)
	switch {
	case errors.As(cause, &ae):
		return &fetch.Error{Kind: fetch.KindForbiddenAddress, URL: fetch.RedactURL(url), Err: ae}
	case errors.As(cause, &dns):
		return &fetch.Error{Kind: fetch.KindDNS, URL: fetch.RedactURL(url), Err: dns}
	}
	return &fetch.Error{Kind: fetch.KindNetwork, URL: fetch.RedactURL(url), Err: cause}
}

// waitIdle waits until the frame's network has been idle (Chromium's
// networkIdle: no connection for 500 ms) after its document from loader
// began, or until ctx ends.
func (s *session) waitIdle(ctx context.Context, frame cdp.FrameID, loader cdp.LoaderID) error {
	for {
		if s.idle(frame, loader) {
			return nil
		}
		select {
		case <-ctx.Done():
			return ctx.Err()
		case <-s.changed:
		}
	}
}

// idle reports whether networkIdle came for the frame after its document
// from loader began (or after a later document, when a script moved on).
func (s *session) idle(frame cdp.FrameID, loader cdp.LoaderID) bool {
	s.mu.Lock()
	defer s.mu.Unlock()
	began := false
	for _, ev := range s.lifecycle {
		if ev.FrameID != frame {
			continue
		}
		began = began || (ev.Name == "init" && ev.LoaderID == loader)
		if began && ev.Name == "networkIdle" {
			return true
		}
	}
	return false
}

// status is the HTTP status of the frame's document from loader, 200 when
// none was seen (a data: URL).
func (s *session) status(frame cdp.FrameID, loader cdp.LoaderID) int {
	s.mu.Lock()
	defer s.mu.Unlock()
	status := 200
	for _, ev := range s.responses {
		if ev.FrameID == frame && ev.LoaderID == loader && ev.Response != nil {
			status = int(ev.Response.Status)
		}
	}
	return status
}
