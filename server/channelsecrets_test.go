package server

import (
	"context"
	"database/sql"
	"encoding/json"
	"fmt"
	"net"
	"net/http"
	"net/http/httptest"
	"path/filepath"
	"strconv"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"vigil"
	"vigil/store/sqlite"
)

// TestChannelsGuardedAndHidden is a hostile user's try at the production
// default (private addresses refused): channels of several services
// aimed at a listener on loopback are added and tested through the API,
// and the listener hears nothing; no key of any channel shows in the
// API's answers, the settings page or the recorded errors, not even for
// a row stored with a key in its shown column by an older version.
func TestChannelsGuardedAndHidden(t *testing.T) {
	var hits atomic.Int64
	hook := httptest.NewUnstartedServer(http.HandlerFunc(func(http.ResponseWriter, *http.Request) {}))
	hook.Config.ConnState = func(_ net.Conn, s http.ConnState) {
		if s == http.StateNew {
			hits.Add(1)
		}
	}
	hook.Start()
	defer hook.Close()
	host := strings.TrimPrefix(hook.URL, "http://")
	path := filepath.Join(t.TempDir(), "v.db")
	st, err := sqlite.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { st.Close() })
	e := newEnvOn(t, st, Config{})
	alice := e.user("alice")
	channels := map[string]string{ // URL: its key
		"gotify://" + host + "/AGotifyK3yS3cte?disabletls=yes":                                                         "AGotifyK3yS3cte",
		"ntfy://:tk_NtfyK3y@" + host + "/alice-alerts?scheme=http":                                                     "tk_NtfyK3y",
		"mattermost://" + host + "/MmK3yS3cret?disabletls=yes":                                                         "MmK3yS3cret",
		"generic+http://" + host + "/hook?token=GenK3yS3cret":                                                          "GenK3yS3cret",
		"generic+http://[::ffff:127.0.0.1]:" + strconv.Itoa(hook.Listener.Addr().(*net.TCPAddr).Port) + "/h/MappedK3y": "MappedK3y",
		"ifttt://IftttK3yS3cret/?events=e1":                                                                            "IftttK3yS3cret",
		"wecom://WecomK3yS3cret":                                                                                       "WecomK3yS3cret",
		"notifiarr://NotifiarrK3yS3cret":                                                                               "NotifiarrK3yS3cret",
	}
	var keys []string
	for raw, key := range channels {
		keys = append(keys, key)
		code, body := e.call("POST", "/api/notify", alice.token, map[string]any{"url": raw})
		var c vigil.Channel
		if code != http.StatusCreated || json.Unmarshal(body, &c) != nil {
			t.Fatalf("POST /api/notify %s: %d %s", vigil.HideURL(raw), code, body)
		}
		assertNoKey(t, "POST /api/notify", string(body), keys)
		if strings.Contains(raw, host) || strings.Contains(raw, "[::ffff:") {
			code, body = e.call("POST", fmt.Sprintf("/api/notify/%d/test", c.ID), alice.token, nil)
			if code != http.StatusOK || !strings.Contains(string(body), "refusing to connect") {
				t.Errorf("test of %s: %d %s, want the refusal recorded", c.Shown, code, body)
			}
			assertNoKey(t, "the test's answer", string(body), keys)
		}
	}
	storeOldRow(t, e, path, alice.ID, "ifttt://OldRowK3yS3cret/?events=e1", "ifttt://OldRowK3yS3cret/…",
		"POST https://maker.ifttt.com/trigger/e1/with/key/OldRowK3yS3cret: refused")
	keys = append(keys, "OldRowK3yS3cret")
	if hits.Load() != 0 {
		t.Errorf("the loopback listener heard %d connections", hits.Load())
	}
	code, body := e.call("GET", "/api/notify", alice.token, nil)
	if code != http.StatusOK || strings.Count(string(body), `"id"`) != len(channels)+1 {
		t.Fatalf("GET /api/notify: %d %s", code, body)
	}
	assertNoKey(t, "GET /api/notify", string(body), keys)
	b := e.browser()
	b.login(alice)
	_, _, page := b.get("/settings")
	if !strings.Contains(page, "ifttt://…") || !strings.Contains(page, "gotify://"+host+"/…") {
		t.Errorf("the settings page does not list the channels hidden:\n%s", page)
	}
	assertNoKey(t, "the settings page", page, keys)
}

// storeOldRow adds a channel as an older version stored it: what was
// shown of its URL, and its last error, as given, written straight into
// the database file at path.
func storeOldRow(t *testing.T, e *env, path string, userID int64, raw, shown, lastError string) {
	t.Helper()
	id, err := e.st.AddChannel(context.Background(), vigil.Channel{UserID: userID, URL: raw, Created: time.Now()})
	if err != nil {
		t.Fatal(err)
	}
	db, err := sql.Open("sqlite", path)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	if _, err := db.Exec(`UPDATE notify_channels SET shown = ?, last_error = ?, failures = 1 WHERE id = ?`, shown, lastError, id); err != nil {
		t.Fatal(err)
	}
}

// assertNoKey fails when text shows one of keys.
func assertNoKey(t *testing.T, where, text string, keys []string) {
	t.Helper()
	for _, k := range keys {
		if strings.Contains(text, k) {
			t.Errorf("%s shows the key %q: %s", where, k, text)
		}
	}
}
