package main

import (
	"context"
	"log/slog"
	"net"
	"net/http"

	"vigil/server"
	"vigil/store"
)

// serve runs the real API over st on a loopback port and returns its base
// URL and a function that stops it.
func serve(st store.Store, log *slog.Logger) (string, func(), error) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return "", nil, err
	}
	srv := &http.Server{Handler: server.New(st, server.Config{Logger: log})}
	go srv.Serve(ln)
	return "http://" + ln.Addr().String(), func() { srv.Shutdown(context.Background()) }, nil
}
