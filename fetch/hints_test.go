package fetch

import (
	"net/http"
	"testing"
	"time"

	"vigil/clock"
)

var hintNow = time.Date(2026, 3, 1, 12, 0, 0, 0, time.UTC)

// header builds an http.Header from name, value pairs.
func header(kv ...string) http.Header {
	h := http.Header{}
	for i := 0; i+1 < len(kv); i += 2 {
		h.Add(kv[i], kv[i+1])
	}
	return h
}

func TestRetryAfter(t *testing.T) {
	tests := []struct {
		name string
		h    http.Header
		want time.Time
	}{
		{"absent", header(), time.Time{}},
		{"delta seconds", header("Retry-After", "120"), hintNow.Add(2 * time.Minute)},
		{"zero seconds", header("Retry-After", "0"), hintNow},
		{"HTTP-date", header("Retry-After", "Sun, 01 Mar 2026 13:30:00 GMT"), hintNow.Add(90 * time.Minute)},
		{"RFC 850 date", header("Retry-After", "Sunday, 01-Mar-26 13:30:00 GMT"), hintNow.Add(90 * time.Minute)},
		{"negative", header("Retry-After", "-5"), time.Time{}},
		{"fraction", header("Retry-After", "1.5"), time.Time{}},
		{"garbage", header("Retry-After", "soon"), time.Time{}},
		{"huge", header("Retry-After", "99999999999999999999"), hintNow.Add((1<<31 - 1) * time.Second)},
	}
	for _, tt := range tests {
		if got := retryAfter(tt.h, hintNow); !got.Equal(tt.want) {
			t.Errorf("%s: retryAfter = %v; want %v", tt.name, got, tt.want)
		}
	}
}

func TestCacheUntil(t *testing.T) {
	expires := "Sun, 01 Mar 2026 18:00:00 GMT"
	tests := []struct {
		name string
		h    http.Header
		want time.Time
	}{
		{"absent", header(), time.Time{}},
		{"max-age", header("Cache-Control", "public, max-age=600"), hintNow.Add(10 * time.Minute)},
		{"max-age upper case, quoted", header("Cache-Control", `Max-Age="60"`), hintNow.Add(time.Minute)},
		{"max-age less Age", header("Cache-Control", "max-age=600", "Age", "100"), hintNow.Add(500 * time.Second)},
		{"max-age beats Expires", header("Cache-Control", "max-age=60", "Expires", expires), hintNow.Add(time.Minute)},
		{"s-maxage ignored", header("Cache-Control", "s-maxage=900"), time.Time{}},
		{"s-maxage ignored, Expires used", header("Cache-Control", "s-maxage=900", "Expires", expires), hintNow.Add(6 * time.Hour)},
		{"no-store", header("Cache-Control", "no-store, max-age=600", "Expires", expires), time.Time{}},
		{"no-cache on a second line", header("Cache-Control", "max-age=600", "Cache-Control", "no-cache"), time.Time{}},
		{"Expires", header("Expires", expires), hintNow.Add(6 * time.Hour)},
		{"Expires invalid", header("Expires", "0"), time.Time{}},
		{"max-age invalid, Expires used", header("Cache-Control", "max-age=abc", "Expires", expires), hintNow.Add(6 * time.Hour)},
	}
	for _, tt := range tests {
		if got := cacheUntil(tt.h, hintNow); !got.Equal(tt.want) {
			t.Errorf("%s: cacheUntil = %v; want %v", tt.name, got, tt.want)
		}
	}
}

func TestHintsFromServer(t *testing.T) {
	srv := newServer(t, func(w http.ResponseWriter, r *http.Request) {
		switch r.URL.Path {
		case "/busy":
			w.Header().Set("Retry-After", "3600")
			w.WriteHeader(http.StatusTooManyRequests)
		case "/down":
			w.Header().Set("Retry-After", "Sun, 01 Mar 2026 14:00:00 GMT")
			w.WriteHeader(http.StatusServiceUnavailable)
		case "/cached":
			w.Header().Set("Cache-Control", "max-age=300")
		case "/expires":
			w.Header().Set("Expires", "Sun, 01 Mar 2026 12:30:00 GMT")
		case "/no-store":
			w.Header().Set("Cache-Control", "no-store")
			w.Header().Set("Expires", "Sun, 01 Mar 2026 12:30:00 GMT")
		}
	})
	c := testClient(Config{Clock: clock.NewVirtual(hintNow)})
	tests := []struct {
		path              string
		status            int
		retry, cacheUntil time.Time
	}{
		{"/busy", 429, hintNow.Add(time.Hour), time.Time{}},
		{"/down", 503, hintNow.Add(2 * time.Hour), time.Time{}},
		{"/cached", 200, time.Time{}, hintNow.Add(5 * time.Minute)},
		{"/expires", 200, time.Time{}, hintNow.Add(30 * time.Minute)},
		{"/no-store", 200, time.Time{}, time.Time{}},
		{"/plain", 200, time.Time{}, time.Time{}},
	}
	for _, tt := range tests {
		resp := mustGet(t, c, Request{URL: srv.URL + tt.path})
		if resp.Status != tt.status || !resp.RetryAfter.Equal(tt.retry) || !resp.CacheUntil.Equal(tt.cacheUntil) {
			t.Errorf("%s: status %d RetryAfter %v CacheUntil %v; want %d %v %v",
				tt.path, resp.Status, resp.RetryAfter, resp.CacheUntil, tt.status, tt.retry, tt.cacheUntil)
		}
	}
}
