package fetch

import (
	"net/http"
	"strings"
	"testing"
)

func TestRedactURL(t *testing.T) {
	tests := []struct{ raw, want string }{
		{"http://user:pw@host/feed", "http://xxxxx@host/feed"},
		{"https://token@host:8080/a?b=c@d", "https://xxxxx@host:8080/a?b=c@d"},
		{"http://host/a@b", "http://host/a@b"},
		{"http://host/feed", "http://host/feed"},
		{"http://us%zzer:p@ss@host/%zz", "http://xxxxx@host/%zz"},
		{"not a url", "not a url"},
		{"", ""},
	}
	for _, tt := range tests {
		if got := RedactURL(tt.raw); got != tt.want {
			t.Errorf("RedactURL(%q) = %q, want %q", tt.raw, got, tt.want)
		}
	}
}

// TestFetchErrorsHideCredentials fetches URLs with credentials that fail
// in several ways over loopback: no message may show the user name or
// password, while the fetch itself still sends them.
func TestFetchErrorsHideCredentials(t *testing.T) {
	var sawAuth bool
	srv := newServer(t, func(w http.ResponseWriter, r *http.Request) {
		if u, p, ok := r.BasicAuth(); ok && u == "ann" && p == "s3cret" {
			sawAuth = true
		}
		switch r.URL.Path {
		case "/loop":
			http.Redirect(w, r, "/loop2", http.StatusFound)
		case "/loop2":
			http.Redirect(w, r, "http://bob:hunter2@"+r.Host+"/loop", http.StatusFound)
		case "/bad":
			w.Header().Set("Location", "http://carl:pw@h%zz/")
			w.WriteHeader(http.StatusFound)
		}
	})
	closed := newServer(t, func(http.ResponseWriter, *http.Request) {})
	closed.Close()
	host := strings.TrimPrefix(srv.URL, "http://")
	tests := []struct {
		name, url string
		kind      ErrorKind
	}{
		{"redirect loop", "http://ann:s3cret@" + host + "/loop", KindRedirect},
		{"bad Location", "http://ann:s3cret@" + host + "/bad", KindRedirect},
		{"refused connection", "http://ann:s3cret@" + strings.TrimPrefix(closed.URL, "http://") + "/feed", KindNetwork},
		{"malformed URL", "http://ann:s3cret@" + host + "/%zz", KindBadURL},
	}
	c := testClient(Config{})
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			fe := wantKind(t, c, Request{URL: tt.url}, tt.kind)
			msg := fe.Error() + " " + fe.URL
			for _, secret := range []string{"ann", "s3cret", "bob", "hunter2", "carl"} {
				if strings.Contains(msg, secret) {
					t.Errorf("the error shows %q: %s (URL %s)", secret, fe.Error(), fe.URL)
				}
			}
		})
	}
	if !sawAuth {
		t.Error("the server never saw the URL's credentials: redaction broke the fetch")
	}
}
