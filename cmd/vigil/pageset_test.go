package main

import (
	"net/http"
	"net/http/httptest"
	"path/filepath"
	"strconv"
	"strings"
	"sync/atomic"
	"testing"
)

// TestPageSettingsCommands sets every page setting with `vigil add --page`
// and `vigil page set`, and checks what is refused, end to end: a JSON
// document watched with --jq .price changes when the price changes and
// not when another field does.
func TestPageSettingsCommands(t *testing.T) {
	db := filepath.Join(t.TempDir(), "vigil.db")
	var price, views atomic.Int32
	price.Store(20)
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "application/json")
		views.Add(1)
		w.Write([]byte(`{"name": "lamp", "price": ` + itoa(price.Load()) + `, "views": ` + itoa(views.Load()) + `}`))
	}))
	defer srv.Close()
	steps := []struct {
		args []string
		code int
		out  string // in stdout, or stderr when code != 0
	}{
		{[]string{"user", "add", "ann"}, 0, ""},
		{[]string{"add", "--jq", ".price", srv.URL + "/lamp.json"}, 2, "need --page"},
		{[]string{"add", "--page", "--jq", ".price", "--condition", "below:15", "--threshold", "negligible", srv.URL + "/lamp.json"}, 0, "ann watches page 1"},
		{[]string{"page", "set", "1", "--xpath", "//p["}, 2, `invalid XPath "//p["`},
		{[]string{"page", "set", "1", "--wait-for", "#price"}, 2, "the page is not rendered: add --render"},
		{[]string{"page", "set", "1", "--condition", "rises:3"}, 1, `condition kind "rises" is not one of`},
		{[]string{"page", "set", "1", "--condition", "below:cheap"}, 2, `"cheap" is not a number`},
		{[]string{"page", "set", "1", "--ignore", "("}, 2, "is not a regular expression"},
		{[]string{"page", "set", "2"}, 2, "give at least one setting"},
		{[]string{"page", "set", "7", "--render"}, 1, "not found"},
		{[]string{"page", "set", srv.URL + "/lamp.json", "--render", "--wait-for", "#price", "--condition", "appears:lamp", "--condition", "changes-by:10%@.p"},
			0, `render true, wait for "#price"`},
		{[]string{"page", "set", "1", "--render=false", "--frequency", "weekly"}, 0, "conditions appears:lamp, changes-by:10@.p"},
		{[]string{"page", "set", "1", "--frequency", "daily", "--condition", "none"}, 0, `jq ".price", ignore [], render false`},
		{[]string{"fetch", "--all", "--allow-private"}, 0, ""},
		{[]string{"fetch", "--all", "--allow-private"}, 0, ""}, // only the views changed
		{[]string{"changes"}, 0, ""},
	}
	for _, s := range steps {
		code, out, errOut := cli(t, db, "", s.args...)
		got := out
		if s.code != 0 {
			got = errOut
		}
		if code != s.code || !strings.Contains(got, s.out) {
			t.Fatalf("vigil %s: exit %d, %q %q; want exit %d with %q", strings.Join(s.args, " "), code, out, errOut, s.code, s.out)
		}
		if s.args[0] == "changes" && out != "" {
			t.Fatalf("a change of the views alone was a change: %s", out)
		}
	}
	price.Store(12)
	cli(t, db, "", "fetch", "--all", "--allow-private")
	if _, out, _ := cli(t, db, "", "changes"); strings.Count(out, "\n") != 1 {
		t.Errorf("after the price changed: changes %q, want one", out)
	}
}

// TestAddPageRefusesBeforeFollowing checks that vigil add --page refuses
// page settings that cannot be right as usage errors (exit 2) before the
// user follows the page, so that a refused command leaves nothing behind.
func TestAddPageRefusesBeforeFollowing(t *testing.T) {
	db := annDB(t)
	const url = "https://example.org/p"
	tests := []struct {
		flags []string
		says  string
	}{
		{[]string{"--ignore", "("}, "is not a regular expression"},
		{[]string{"--condition", "below:abc"}, `"abc" is not a number`},
		{[]string{"--selector", "div["}, `invalid CSS selector "div["`},
		{[]string{"--selector", "###"}, `invalid CSS selector "###"`},
		{[]string{"--xpath", "//p["}, `invalid XPath "//p["`},
		{[]string{"--jq", ".a", "--selector", "p"}, "give one or the other"},
		{[]string{"--jq", ".a", "--xpath", "//p"}, "give one or the other"},
		{[]string{"--wait-for", "p"}, "add --render"},
		{[]string{"--render=false", "--wait-for", "p"}, "not --render=false"},
		{[]string{"--wait-for", "p["}, `invalid CSS selector to wait for "p["`},
		{[]string{"--frequency", "hourly"}, `frequency "hourly" is not one of`},
		{[]string{"--threshold", "huge"}, `threshold "huge" is not one of`},
		{[]string{"--kinds", "text,sounds"}, `kind "sounds" is not one of`},
	}
	for _, tt := range tests {
		args := append(append([]string{"add", "--page"}, tt.flags...), url)
		if code, _, errOut := cli(t, db, "", args...); code != 2 || !strings.Contains(errOut, tt.says) {
			t.Errorf("vigil %s: exit %d %q, want 2 naming %q", strings.Join(args, " "), code, errOut, tt.says)
		}
	}
	if code, out, errOut := cli(t, db, "", "feeds"); code != 0 || strings.Contains(out, url) {
		t.Errorf("feeds after the refused commands: exit %d, %q %q; want the page not followed", code, out, errOut)
	}
	if code, out, errOut := cli(t, db, "", "add", "--page", "--render", "--wait-for", "p", "--selector", "div.main", url); code != 0 {
		t.Errorf("a right combination: exit %d, %q %q", code, out, errOut)
	}
}

// itoa writes n in decimal.
func itoa(n int32) string {
	return strconv.Itoa(int(n))
}
