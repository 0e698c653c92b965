package main

import (
	"net/http"
	"net/http/httptest"
	"path/filepath"
	"strings"
	"testing"
)

// vigil feeds names a feed's state as the web page and the API do.
func TestFeedsShowsState(t *testing.T) {
	db := filepath.Join(t.TempDir(), "v.db")
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		http.Error(w, "down", http.StatusInternalServerError)
	}))
	t.Cleanup(srv.Close)
	if code, out, stderr := cli(t, db, "", "user", "add", "ann"); code != 0 {
		t.Fatalf("user add: %d %q %q", code, out, stderr)
	}
	if code, out, stderr := cli(t, db, "", "add", srv.URL+"/down"); code != 0 {
		t.Fatalf("add: %d %q %q", code, out, stderr)
	}
	if _, out, _ := cli(t, db, "", "feeds"); !strings.Contains(out, " new ") {
		t.Errorf("feeds before any fetch: %q; want the state new", out)
	}
	cli(t, db, "", "fetch", "--all", "--allow-private", "--host-gap", "0")
	_, out, _ := cli(t, db, "", "feeds")
	if !strings.Contains(out, " failing ") || strings.Contains(out, " active ") {
		t.Errorf("feeds after a failed fetch: %q; want the state failing", out)
	}
}
