package websub_test

import (
	"context"
	"fmt"
	"io"
	"log/slog"
	"math/rand/v2"
	"net/http"
	"net/http/httptest"
	"regexp"
	"slices"
	"testing"
	"time"

	"vigil"
	"vigil/clock"
	"vigil/notify"
)

// receiver is a generic webhook that notes when each osprey-N item's
// message arrives.
type receiver struct{ arrived chan arrival }

type arrival struct {
	key string
	at  time.Time
}

var ospreyKey = regexp.MustCompile(`osprey-\d+`)

func (r receiver) ServeHTTP(w http.ResponseWriter, req *http.Request) {
	at := time.Now()
	body, _ := io.ReadAll(req.Body)
	for _, k := range ospreyKey.FindAllString(string(body), -1) {
		r.arrived <- arrival{k, at}
	}
}

// BenchmarkPushToAlert measures, on loopback, the latency from a
// publication to the alert at a generic+http:// receiver through WebSub:
// the feed publishes an item matching an alert rule, its hub pushes it at
// once to vigil's callback, which stores it and queues the message in the
// same transaction, and the sender (notify.Sender as serve runs it, a pass
// every 2 s, a channel taken at most every 2 s) delivers it. Publications
// come at random gaps of 0 to 3 s (fixed seed), so that they fall at every
// phase of the sender's passes. It reports the p50 and p99 latency in ms
// to the receiver, and to the item stored (the callback's answer to the
// hub).
func BenchmarkPushToAlert(b *testing.B) {
	w := newWorldOn(b, clock.Wall{}, 24*time.Hour, true)
	w.subscribed(b)
	recv := receiver{arrived: make(chan arrival, 64)}
	hook := httptest.NewServer(recv)
	defer hook.Close()
	now := time.Now()
	if _, err := w.st.AddChannel(ctx, vigil.Channel{UserID: w.userID, URL: "generic+" + hook.URL + "/hook", Shown: "generic+http://127.0.0.1", Created: now}); err != nil {
		b.Fatal(err)
	}
	if _, err := w.st.AddAlertRule(ctx, vigil.AlertRule{UserID: w.userID, Query: "osprey", Created: now}); err != nil {
		b.Fatal(err)
	}
	run, stop := context.WithCancel(ctx)
	defer stop()
	go (&notify.Sender{Store: w.st, AllowPrivate: true, Log: slog.New(slog.DiscardHandler)}).Run(run)
	rng := rand.New(rand.NewPCG(1, 2))
	latencies := make([]time.Duration, 0, b.N)
	var stored []time.Duration // publication to the callback's answer: the item stored
	for i := 0; b.Loop(); i++ {
		time.Sleep(time.Duration(rng.Int64N(int64(3 * time.Second))))
		key := fmt.Sprintf("osprey-%d", i)
		start := time.Now()
		if codes := w.hub.Publish(w.feedURL, "application/rss+xml", w.publish(key, start)); len(codes) != 1 || codes[0] != http.StatusNoContent {
			b.Fatalf("delivery answered %v", codes)
		}
		stored = append(stored, time.Since(start))
		latencies = append(latencies, waitArrival(b, recv, key).Sub(start))
	}
	slices.Sort(latencies)
	slices.Sort(stored)
	b.ReportMetric(ms(quantile(latencies, 0.5)), "p50-ms")
	b.ReportMetric(ms(quantile(latencies, 0.99)), "p99-ms")
	b.ReportMetric(ms(quantile(stored, 0.5)), "stored-p50-ms")
	b.ReportMetric(ms(quantile(stored, 0.99)), "stored-p99-ms")
}

// waitArrival returns when the message of key arrived, failing after 60 s.
func waitArrival(b *testing.B, r receiver, key string) time.Time {
	timeout := time.After(60 * time.Second)
	for {
		select {
		case a := <-r.arrived:
			if a.key == key {
				return a.at
			}
		case <-timeout:
			b.Fatalf("no message for %s within 60 s", key)
		}
	}
}

// quantile is the q-quantile of sorted durations (nearest rank).
func quantile(sorted []time.Duration, q float64) time.Duration {
	if len(sorted) == 0 {
		return 0
	}
	i := min(len(sorted)-1, int(q*float64(len(sorted))+0.5)-1)
	return sorted[max(i, 0)]
}

func ms(d time.Duration) float64 { return float64(d) / float64(time.Millisecond) }
