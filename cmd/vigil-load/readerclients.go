package main

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"math/rand/v2"
	"net/http"
	"net/url"
	"strings"
	"time"
)

// Kinds of request a Google Reader client sends.
const (
	kindIDs      = "ids"
	kindContents = "contents"
)

// readerKinds are the kinds printed for --api reader.
var readerKinds = []string{kindIDs, kindContents}

// idsPage is how many item IDs a reader client asks stream/items/ids for
// at once, as reader apps do when they sync.
const idsPage = 1000

// readerLogin signs the load user in by ClientLogin (the API token as the
// password) and returns the Auth token reader apps then send.
func readerLogin(ctx context.Context, client *http.Client, base, token string) (string, error) {
	form := url.Values{"Email": {"load"}, "Passwd": {token}}
	req, err := http.NewRequestWithContext(ctx, "POST", base+"/accounts/ClientLogin", strings.NewReader(form.Encode()))
	if err != nil {
		return "", err
	}
	req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	resp, err := client.Do(req)
	if err != nil {
		return "", err
	}
	defer resp.Body.Close()
	body, _ := io.ReadAll(resp.Body)
	_, auth, ok := strings.Cut(string(body), "Auth=")
	if resp.StatusCode != http.StatusOK || !ok {
		return "", fmt.Errorf("ClientLogin: %s %s", resp.Status, body)
	}
	return strings.TrimSpace(auth), nil
}

// readerLoop syncs as a reader app does until ctx ends: the IDs of a page
// of the reading list (starting at a random place of it, fx.span.start, so
// clients read different items), then the contents of up to o.depth
// chunks of o.page of those IDs.
func readerLoop(ctx context.Context, client *http.Client, base, auth string, fx fixture, o options, rng *rand.Rand) []sample {
	var out []sample
	for ctx.Err() == nil {
		pause(ctx, o.think, rng)
		q := fx.span.start(rng)
		q.Set("s", "user/-/state/com.google/reading-list")
		q.Set("n", fmt.Sprint(idsPage))
		ids, s := readerIDs(ctx, client, base, auth, q)
		if ctx.Err() != nil {
			break
		}
		out = append(out, s)
		for chunk := 0; chunk < o.depth && chunk*o.page < len(ids) && ctx.Err() == nil; chunk++ {
			pause(ctx, o.think, rng)
			s := readerContents(ctx, client, base, auth, ids[chunk*o.page:min((chunk+1)*o.page, len(ids))])
			if ctx.Err() != nil {
				break
			}
			out = append(out, s)
		}
	}
	return out
}

// readerIDs requests stream/items/ids and returns the IDs it lists.
func readerIDs(ctx context.Context, client *http.Client, base, auth string, q url.Values) ([]string, sample) {
	req, err := http.NewRequestWithContext(ctx, "GET", base+"/reader/api/0/stream/items/ids?"+q.Encode(), nil)
	if err != nil {
		return nil, sample{kind: kindIDs, failed: true}
	}
	var body struct {
		ItemRefs []struct {
			ID string `json:"id"`
		} `json:"itemRefs"`
	}
	s := readerDo(client, req, auth, &body)
	s.kind = kindIDs
	ids := make([]string, len(body.ItemRefs))
	for i, r := range body.ItemRefs {
		ids[i] = r.ID
	}
	return ids, s
}

// readerContents posts stream/items/contents for ids and checks that every
// item came back.
func readerContents(ctx context.Context, client *http.Client, base, auth string, ids []string) sample {
	form := url.Values{"i": ids}
	req, err := http.NewRequestWithContext(ctx, "POST", base+"/reader/api/0/stream/items/contents", strings.NewReader(form.Encode()))
	if err != nil {
		return sample{kind: kindContents, failed: true}
	}
	req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	var body struct {
		Items []struct{} `json:"items"`
	}
	s := readerDo(client, req, auth, &body)
	s.kind = kindContents
	s.failed = s.failed || len(body.Items) != len(ids)
	return s
}

// readerDo sends req with the Auth token, decodes the JSON answer into v
// and times the whole exchange.
func readerDo(client *http.Client, req *http.Request, auth string, v any) sample {
	req.Header.Set("Authorization", "GoogleLogin auth="+auth)
	start := time.Now()
	resp, err := client.Do(req)
	if err != nil {
		return sample{failed: true}
	}
	defer resp.Body.Close()
	err = json.NewDecoder(resp.Body).Decode(v)
	io.Copy(io.Discard, resp.Body)
	return sample{latency: time.Since(start), failed: err != nil || resp.StatusCode != http.StatusOK}
}
