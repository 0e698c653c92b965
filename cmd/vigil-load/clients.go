package main

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"math/rand/v2"
	"net/http"
	"net/url"
	"slices"
	"sync"
	"time"
)

// Kinds of listing a client reads.
var kinds = []string{"all feeds", "one feed", "unread"}

// sample is one timed request.
type sample struct {
	kind    string
	latency time.Duration
	failed  bool
}

// results are the samples of a run.
type results struct {
	samples  []sample
	elapsed  time.Duration
	fetches  int
	monitors bool
	cpu      time.Duration // CPU time of the process during the run
}

// measure runs o.clients clients against base for o.duration: clients
// of vigil's API, or of the Google Reader API with --api reader.
func measure(ctx context.Context, base string, fx fixture, o options) (results, error) {
	client := &http.Client{Transport: &http.Transport{MaxIdleConnsPerHost: o.clients}}
	loop := func(ctx context.Context, rng *rand.Rand) []sample { return clientLoop(ctx, client, base, fx, o, rng) }
	if o.api == apiReader {
		auth, err := readerLogin(ctx, client, base, fx.token)
		if err != nil {
			return results{}, err
		}
		loop = func(ctx context.Context, rng *rand.Rand) []sample {
			return readerLoop(ctx, client, base, auth, fx, o, rng)
		}
	}
	ctx, cancel := context.WithTimeout(ctx, o.duration)
	defer cancel()
	var mu sync.Mutex
	var all []sample
	var wg sync.WaitGroup
	start, cpu := time.Now(), processCPU()
	for c := range o.clients {
		wg.Go(func() {
			rng := rand.New(rand.NewPCG(o.seed, uint64(c)))
			s := loop(ctx, rng)
			mu.Lock()
			all = append(all, s...)
			mu.Unlock()
		})
	}
	wg.Wait()
	return results{samples: all, elapsed: time.Since(start), cpu: processCPU() - cpu}, nil
}

// clientLoop reads listings until ctx ends: a kind chosen at random, then
// up to o.depth pages of it by cursor.
func clientLoop(ctx context.Context, client *http.Client, base string, fx fixture, o options, rng *rand.Rand) []sample {
	var out []sample
	for ctx.Err() == nil {
		kind := kinds[rng.IntN(len(kinds))]
		q := url.Values{"limit": {fmt.Sprint(o.page)}}
		switch kind {
		case "one feed":
			q.Set("feed", fmt.Sprint(fx.feeds[rng.IntN(len(fx.feeds))]))
		case "unread":
			q.Set("unread", "1")
		}
		pause(ctx, o.think, rng)
		pages := 1 + rng.IntN(o.depth)
		for range pages {
			next, s := page(ctx, client, base, fx.token, q)
			if ctx.Err() != nil {
				break
			}
			s.kind = kind
			out = append(out, s)
			if next == "" {
				break
			}
			q.Set("before", next)
			pause(ctx, o.think, rng)
		}
	}
	return out
}

// pause waits an exponentially distributed time of mean think, or until
// ctx ends.
func pause(ctx context.Context, think time.Duration, rng *rand.Rand) {
	if think <= 0 {
		return
	}
	select {
	case <-ctx.Done():
	case <-time.After(time.Duration(rng.ExpFloat64() * float64(think))):
	}
}

// page requests one page and returns its next cursor.
func page(ctx context.Context, client *http.Client, base, token string, q url.Values) (string, sample) {
	req, err := http.NewRequestWithContext(ctx, "GET", base+"/api/items?"+q.Encode(), nil)
	if err != nil {
		return "", sample{failed: true}
	}
	req.Header.Set("Authorization", "Bearer "+token)
	start := time.Now()
	resp, err := client.Do(req)
	if err != nil {
		return "", sample{failed: true}
	}
	defer resp.Body.Close()
	// The items are checked to be JSON objects but not kept: copying
	// them would cost the process (and so the server beside it) more
	// than the server spends encoding them.
	var body struct {
		Items      []struct{} `json:"items"`
		NextCursor *string    `json:"next_cursor"`
	}
	err = json.NewDecoder(resp.Body).Decode(&body)
	io.Copy(io.Discard, resp.Body)
	s := sample{latency: time.Since(start), failed: err != nil || resp.StatusCode != http.StatusOK}
	if s.failed || body.NextCursor == nil {
		return "", s
	}
	return *body.NextCursor, s
}

// print writes the percentiles per kind and overall.
func (r results) print(w io.Writer, o options) {
	r.printRun(w, o)
	fmt.Fprintf(w, "%-10s %8s %8s %8s %8s %8s %8s\n", "listing", "requests", "failed", "p50", "p90", "p99", "max")
	printed := kinds
	if o.api == apiReader {
		printed = readerKinds
	}
	for _, k := range append(slices.Clone(printed), "all") {
		var lat []time.Duration
		failed := 0
		for _, s := range r.samples {
			if k != "all" && s.kind != k {
				continue
			}
			if s.failed {
				failed++
				continue
			}
			lat = append(lat, s.latency)
		}
		slices.Sort(lat)
		fmt.Fprintf(w, "%-10s %8d %8d %8v %8v %8v %8v\n", k, len(lat)+failed, failed, pct(lat, 0.5), pct(lat, 0.9), pct(lat, 0.99), pct(lat, 1))
	}
	fmt.Fprintf(w, "%.0f requests/s\n", float64(len(r.samples))/r.elapsed.Seconds())
	if n := len(r.samples); n > 0 && r.cpu > 0 {
		fmt.Fprintf(w, "CPU per request (server, clients and any monitor together): %v; the process had %.2f cores on average\n",
			(r.cpu / time.Duration(n)).Round(time.Microsecond), r.cpu.Seconds()/r.elapsed.Seconds())
	}
	if r.monitors {
		fmt.Fprintf(w, "the monitor stored %d fetches meanwhile\n", r.fetches)
	}
}

// printRun writes what the clients did.
func (r results) printRun(w io.Writer, o options) {
	if o.api == apiReader {
		fmt.Fprintf(w, "%d reader clients for %v, each listing %d IDs, then the contents of %d at a time up to %d times, mean think time %v\n",
			o.clients, r.elapsed.Round(time.Millisecond), idsPage, o.page, o.depth, o.think)
		return
	}
	fmt.Fprintf(w, "%d clients for %v, pages of %d, up to %d pages deep by cursor, mean think time %v\n", o.clients, r.elapsed.Round(time.Millisecond), o.page, o.depth, o.think)
}

// pct returns the q-quantile of sorted latencies, rounded for reading.
func pct(sorted []time.Duration, q float64) time.Duration {
	if len(sorted) == 0 {
		return 0
	}
	i := min(int(q*float64(len(sorted))), len(sorted)-1)
	return sorted[i].Round(10 * time.Microsecond)
}
