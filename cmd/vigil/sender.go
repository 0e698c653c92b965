package main

import (
	"context"
	"fmt"
	"log/slog"

	"vigil/notify"
	"vigil/store"
)

// newSender returns the sender of st's outbox, its dials under the
// address guard unless --allow-private, its claims on messages lasting as
// long as the monitor's on feeds (--lease).
func newSender(st store.Alerting, o *monitorOpts, baseURL string, log *slog.Logger) *notify.Sender {
	return &notify.Sender{Store: st, AllowPrivate: *o.allowPrivate, Lease: *o.lease, BaseURL: baseURL, Log: log}
}

// senderRunner runs a sender until ctx ends, as serve and worker run it.
func senderRunner(s *notify.Sender) func(context.Context) error {
	return func(ctx context.Context) error {
		s.Run(ctx)
		return nil
	}
}

// drainAlerts sends, at the end of a cron fetch, the alerts its fetches
// queued, retrying failures for a few seconds, and says what went out and
// what is left for the next run.
func drainAlerts(ctx context.Context, e *env, s *notify.Sender) error {
	sent, left, err := s.Drain(ctx, notify.DefaultWait)
	if err != nil {
		return fmt.Errorf("sending alerts: %w", err)
	}
	if sent > 0 {
		fmt.Fprintf(e.stdout, "sent %d alert(s)\n", sent)
	}
	if left > 0 {
		fmt.Fprintf(e.stdout, "%d alert(s) wait for a retry ('vigil notify list' shows failing channels)\n", left)
	}
	return nil
}
