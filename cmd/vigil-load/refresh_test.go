package main

import (
	"io"
	"net/http"
	"strings"
	"testing"
)

// farmGet requests url with the validators etag and modified, and returns
// the status, the answer's ETag and its body.
func farmGet(t *testing.T, url, etag, modified string) (int, string, string) {
	t.Helper()
	req, err := http.NewRequest(http.MethodGet, url, nil)
	if err != nil {
		t.Fatal(err)
	}
	if etag != "" {
		req.Header.Set("If-None-Match", etag)
	}
	if modified != "" {
		req.Header.Set("If-Modified-Since", modified)
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	body, err := io.ReadAll(resp.Body)
	if err != nil {
		t.Fatal(err)
	}
	return resp.StatusCode, resp.Header.Get("ETag"), string(body)
}

func TestRefreshFarmAnswersConditionalRequests(t *testing.T) {
	farm, err := newRefreshFarm(20, 3, 200, 4)
	if err != nil {
		t.Fatal(err)
	}
	defer farm.close()
	status, etag, body := farmGet(t, farm.url(7), "", "")
	if status != http.StatusOK || strings.Count(body, "<item>") != 3 || !strings.Contains(body, "f7-i2") {
		t.Fatalf("first request: %d, %d items:\n%s", status, strings.Count(body, "<item>"), body)
	}
	resp, err := http.Get(farm.url(7))
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	modified := resp.Header.Get("Last-Modified")
	cases := []struct {
		name           string
		etag, modified string
		want           int
	}{
		{"same etag", etag, "", http.StatusNotModified},
		{"same date", "", modified, http.StatusNotModified},
		{"other etag", `"f7-g9"`, "", http.StatusOK},
		{"older date", "", "Mon, 01 Dec 2025 00:00:00 GMT", http.StatusOK},
	}
	for _, c := range cases {
		if got, _, _ := farmGet(t, farm.url(7), c.etag, c.modified); got != c.want {
			t.Errorf("%s: %d, want %d", c.name, got, c.want)
		}
	}
	if requests, full := farm.counts(); requests != 6 || full != 4 {
		t.Errorf("counted %d requests, %d in full; want 6 and 4", requests, full)
	}
	if n := farm.change(3, 10); n != 2 { // feeds 3 and 13
		t.Errorf("changed %d feeds, want 2", n)
	}
	status, _, body = farmGet(t, farm.url(13), etag, "")
	if status != http.StatusOK || !strings.Contains(body, "f13-i3") || strings.Contains(body, "f13-i0<") {
		t.Errorf("a changed feed does not hold its next item in place of its oldest: %d\n%s", status, body)
	}
	if status, _, _ := farmGet(t, farm.url(7), etag, ""); status != http.StatusNotModified {
		t.Errorf("an unchanged feed answered %d after others changed, want 304", status)
	}
	if !strings.HasPrefix(farm.url(2), "http://127.0.0.3:") {
		t.Errorf("feed 2 at %s, want the third host, 127.0.0.3", farm.url(2))
	}
	opml := string(farm.opml())
	if strings.Count(opml, "<outline") != 20 || !strings.Contains(opml, farm.url(19)) || !strings.Contains(opml, farm.site(19)) {
		t.Errorf("OPML of the farm:\n%s", opml)
	}
}

func TestRefreshRefusesBadFlags(t *testing.T) {
	for _, args := range [][]string{{}, {"--vigil", "v", "--feeds", "0"}, {"--vigil", "v", "--runs", "0"},
		{"--vigil", "v", "--hosts", "0"}, {"--vigil", "v", "--hosts", "255"}, {"--vigil", "v", "extra"}, {"--vigil", "v", "--nope"}, {"--vigil", "v", "--db-prefix", "x; DROP"}} {
		if _, err := parseRefreshOptions(args); err == nil {
			t.Errorf("parseRefreshOptions(%q) accepted it", args)
		}
	}
	if _, err := parseRefreshOptions([]string{"--vigil", "/tmp/vigil", "--peer-miniflux", "/tmp/miniflux"}); err != nil {
		t.Error(err)
	}
}
