package main

import (
	"context"
	"log/slog"
	"net/http"
	"time"

	"vigil"
	"vigil/fetch"
	"vigil/store"
	"vigil/websub"
)

// newHubSubscriber returns the WebSub subscriber of serve when it has a
// public URL hubs can call back, else nil. Its requests to hubs pass the
// fetch address guard unless allowPrivate.
func newHubSubscriber(st store.Store, publicURL string, allowPrivate bool, log *slog.Logger) *websub.Subscriber {
	if publicURL == "" {
		return nil
	}
	return &websub.Subscriber{Store: st, PublicURL: publicURL, Log: log,
		Client: fetch.NewPostClient(fetch.Config{AllowPrivate: allowPrivate, Timeout: 30 * time.Second})}
}

// withHubCallbacks routes the WebSub callbacks (websub.CallbackPath) to
// hubs, outside the web server's sign-in, and everything else to web.
func withHubCallbacks(web http.Handler, hubs *websub.Subscriber) http.Handler {
	if hubs == nil {
		return web
	}
	mux := http.NewServeMux()
	mux.Handle(websub.CallbackPath, hubs)
	mux.Handle("/", web)
	return mux
}

// attachPushes gives each feed its WebSub subscription, if it has one.
func attachPushes(ctx context.Context, st store.Pushing, feeds []vigil.Feed) error {
	ptrs := make([]*vigil.Feed, len(feeds))
	for i := range feeds {
		ptrs[i] = &feeds[i]
	}
	return store.AttachPushes(ctx, st, ptrs)
}

// pushCell is the PUSH column of 'vigil feeds': "-" for a feed without a
// WebSub subscription, else its state ("active", "silent", ...).
func pushCell(p *vigil.Push) string {
	if p == nil {
		return "-"
	}
	return string(p.State)
}

// pushNote is why a subscription is not active, for the LAST ERROR column
// of a feed that has no error of its own.
func pushNote(p *vigil.Push) string {
	if p == nil {
		return ""
	}
	return p.Note
}
