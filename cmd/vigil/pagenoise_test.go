package main

import (
	"fmt"
	"net/http"
	"net/http/httptest"
	"path/filepath"
	"strings"
	"sync/atomic"
	"testing"
)

// TestPageNoiseCommand fetches a page whose counter and cache-buster
// rotate at every serve until the monitor learns them, lists them with
// `vigil page noise` and undoes one with --forget, end to end.
func TestPageNoiseCommand(t *testing.T) {
	db := filepath.Join(t.TempDir(), "vigil.db")
	var serves atomic.Int32
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		n := serves.Add(1)
		w.Header().Set("Content-Type", "text/html")
		fmt.Fprintf(w, `<html><body><p id="views">%d views</p><a href="/app.css?v=%x">Style</a><p>Opening hours: 9 to 5.</p></body></html>`, 1000+7*n, 0xbeef00+n)
	}))
	defer srv.Close()
	for _, args := range [][]string{{"user", "add", "ann"}, {"add", "--page", srv.URL + "/"}} {
		if code, out, errOut := cli(t, db, "", args...); code != 0 {
			t.Fatalf("vigil %s: exit %d, %s %s", strings.Join(args, " "), code, out, errOut)
		}
	}
	for range 7 {
		if code, out, errOut := cli(t, db, "", "fetch", "--all", "--allow-private"); code != 0 {
			t.Fatalf("vigil fetch: exit %d, %s %s", code, out, errOut)
		}
	}
	steps := []struct {
		args    []string
		code    int
		out     string // in stdout, or stderr when code != 0
		without string
	}{
		{[]string{"page", "noise", "1"}, 0, "2 learned noise item(s), 0 undone", ""},
		{[]string{"page", "noise", "1"}, 0, "\tnumbers:body/p#views:0\n", ""},
		{[]string{"page", "noise", "1"}, 0, "\tparam:v\n", ""},
		{[]string{"page", "noise", "--forget", "colour:red", "1"}, 1, "is not block:, numbers:, values: or param:", ""},
		{[]string{"page", "noise", "--forget", "param:sid", "1"}, 1, "has not learned", ""},
		{[]string{"page", "noise", "--forget", "param:v", "1"}, 0, "1 learned noise item(s), 1 undone", "Z\tparam:v"},
		{[]string{"page", "noise", "1"}, 0, "undone\tparam:v", ""},
		{[]string{"page", "noise", "2"}, 1, "not found", ""},
	}
	for _, s := range steps {
		code, out, errOut := cli(t, db, "", s.args...)
		got := out
		if s.code != 0 {
			got = errOut
		}
		if code != s.code || !strings.Contains(got, s.out) || (s.without != "" && strings.Contains(got, s.without)) {
			t.Fatalf("vigil %s: exit %d, %q %q; want exit %d with %q", strings.Join(s.args, " "), code, out, errOut, s.code, s.out)
		}
	}
}
