package demo

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"net"
	"net/http"
	"net/url"
	"time"

	"vigil/clock"
	"vigil/trace"
)

// FeedServer serves Feeds over HTTP on a random loopback port.
type FeedServer struct {
	// URL is the server's base URL, such as http://127.0.0.1:41234.
	URL  string
	srv  *http.Server
	done chan struct{}
}

// StartFeedServer starts serving the feeds of sources, published as clk
// says, on 127.0.0.1 at a port the system picks. Close stops it.
func StartFeedServer(sources []trace.Source, clk clock.Clock) (*FeedServer, error) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return nil, fmt.Errorf("demo: unable to listen for the feed server: %w", err)
	}
	s := &FeedServer{
		URL:  "http://" + ln.Addr().String(),
		srv:  &http.Server{Handler: NewFeeds(sources, clk), ReadHeaderTimeout: 10 * time.Second},
		done: make(chan struct{}),
	}
	go func() {
		defer close(s.done)
		if err := s.srv.Serve(ln); !errors.Is(err, http.ErrServerClosed) {
			slog.Error("demo: the feed server stopped", "error", err)
		}
	}()
	return s, nil
}

// FeedURL returns the URL of the feed of the source with the given ID.
func (s *FeedServer) FeedURL(id string) string {
	return s.URL + "/feeds/" + url.PathEscape(id) + ".xml"
}

// Close stops the server, letting requests in progress finish for up to
// five seconds.
func (s *FeedServer) Close() error {
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	err := s.srv.Shutdown(ctx)
	<-s.done
	if err != nil {
		return fmt.Errorf("demo: unable to stop the feed server cleanly: %w", err)
	}
	return nil
}
