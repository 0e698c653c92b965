package fetch

import (
	"net/http"
	"strings"
	"sync"
	"testing"
)

// hop is one route of a redirecting server: a status and, for redirects,
// a Location (a path on the same server, or an absolute URL).
type hop struct {
	status   int
	location string
}

// redirectServer serves routes; unknown paths answer 200 naming the path.
func redirectServer(t *testing.T, routes map[string]hop) string {
	t.Helper()
	return newServer(t, func(w http.ResponseWriter, r *http.Request) {
		h, ok := routes[r.URL.Path]
		if !ok {
			_, _ = w.Write([]byte("final " + r.URL.Path))
			return
		}
		if h.location != "" {
			w.Header().Set("Location", h.location)
		}
		w.WriteHeader(h.status)
	}).URL
}

func TestRedirects(t *testing.T) {
	tests := []struct {
		name      string
		routes    map[string]hop
		wantPath  string // path of the final URL
		permanent string // path of PermanentURL, "" for none
		status    int
	}{
		{"no redirect", nil, "/start", "", 200},
		{"301 chain", map[string]hop{"/start": {301, "/a"}, "/a": {301, "/b"}}, "/b", "/b", 200},
		{"308", map[string]hop{"/start": {308, "/a"}}, "/a", "/a", 200},
		{"302", map[string]hop{"/start": {302, "/a"}}, "/a", "", 200},
		{"307 then 301", map[string]hop{"/start": {307, "/a"}, "/a": {301, "/b"}}, "/b", "", 200},
		{"301 then 302", map[string]hop{"/start": {301, "/a"}, "/a": {302, "/b"}}, "/b", "/a", 200},
		{"301 308 303 301", map[string]hop{"/start": {301, "/a"}, "/a": {308, "/b"}, "/b": {303, "/c"}, "/c": {301, "/d"}}, "/d", "/b", 200},
		{"relative Location", map[string]hop{"/start": {301, "x/y"}}, "/x/y", "/x/y", 200},
		{"redirect to a 404", map[string]hop{"/start": {301, "/gone"}, "/gone": {404, ""}}, "/gone", "/gone", 404},
		{"3xx without Location is final", map[string]hop{"/start": {302, ""}}, "/start", "", 302},
		{"300 is final", map[string]hop{"/start": {300, "/a"}}, "/start", "", 300},
		{"exactly five", map[string]hop{"/start": {301, "/1"}, "/1": {301, "/2"}, "/2": {301, "/3"}, "/3": {301, "/4"}, "/4": {301, "/5"}}, "/5", "/5", 200},
	}
	c := testClient(Config{})
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			base := redirectServer(t, tt.routes)
			resp := mustGet(t, c, Request{URL: base + "/start"})
			if resp.Status != tt.status || resp.URL != base+tt.wantPath {
				t.Fatalf("got %d at %s; want %d at %s", resp.Status, resp.URL, tt.status, base+tt.wantPath)
			}
			want := ""
			if tt.permanent != "" {
				want = base + tt.permanent
			}
			if resp.PermanentURL != want {
				t.Fatalf("PermanentURL = %q; want %q", resp.PermanentURL, want)
			}
		})
	}
}

func TestRedirectErrors(t *testing.T) {
	tests := []struct {
		name   string
		routes map[string]hop
		max    int
		want   []string // fragments of the error message
	}{
		{"loop to self", map[string]hop{"/start": {301, "/start"}}, 0, []string{"redirect loop", "/start -> "}},
		{"loop of three", map[string]hop{"/start": {302, "/a"}, "/a": {301, "/b"}, "/b": {307, "/start"}}, 0,
			[]string{"redirect loop", "/start -> ", "/a -> ", "/b -> "}},
		{"six redirects", map[string]hop{"/start": {301, "/1"}, "/1": {301, "/2"}, "/2": {301, "/3"}, "/3": {301, "/4"}, "/4": {301, "/5"}, "/5": {301, "/6"}}, 0,
			[]string{"more than 5 redirects", "/6"}},
		{"two with a limit of one", map[string]hop{"/start": {301, "/1"}, "/1": {301, "/2"}}, 1, []string{"more than 1 redirects"}},
		{"none allowed", map[string]hop{"/start": {302, "/1"}}, -1, []string{"more than 0 redirects"}},
		{"to ftp", map[string]hop{"/start": {301, "ftp://example.com/feed"}}, 0, []string{"ftp://example.com/feed", `unsupported scheme "ftp"`}},
		{"to file", map[string]hop{"/start": {302, "file:///etc/passwd"}}, 0, []string{`unsupported scheme "file"`}},
		{"to a bad URL", map[string]hop{"/start": {302, "http://%zz/"}}, 0, []string{"invalid redirect Location"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			base := redirectServer(t, tt.routes)
			e := wantKind(t, testClient(Config{MaxRedirects: tt.max}), Request{URL: base + "/start"}, KindRedirect)
			for _, frag := range tt.want {
				if !strings.Contains(e.Error(), frag) {
					t.Errorf("error %q lacks %q", e, frag)
				}
			}
		})
	}
}

func TestConditionalHeadersFollowRedirects(t *testing.T) {
	var (
		mu  sync.Mutex
		got []string
	)
	srv := newServer(t, func(w http.ResponseWriter, r *http.Request) {
		mu.Lock()
		got = append(got, r.Header.Get("If-None-Match"))
		mu.Unlock()
		if r.URL.Path == "/old" {
			http.Redirect(w, r, "/new", http.StatusMovedPermanently)
			return
		}
		w.WriteHeader(http.StatusNotModified)
	})
	base := srv.URL
	resp := mustGet(t, testClient(Config{}), Request{URL: base + "/old", ETag: `"e"`})
	if !resp.NotModified || resp.PermanentURL != base+"/new" {
		t.Fatalf("got NotModified=%v PermanentURL=%q", resp.NotModified, resp.PermanentURL)
	}
	mu.Lock()
	defer mu.Unlock()
	if len(got) != 2 || got[0] != `"e"` || got[1] != `"e"` {
		t.Fatalf("If-None-Match per hop = %q; want it on both", got)
	}
}
