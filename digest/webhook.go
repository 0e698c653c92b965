package digest

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
)

// PostWebhook sends the digest as JSON to url with client, which should
// refuse private addresses (fetch.NewPostClient). Any 2xx answer is
// success.
func PostWebhook(ctx context.Context, client *http.Client, url string, d Digest) error {
	body, err := json.Marshal(d)
	if err != nil {
		return fmt.Errorf("digest: unable to encode the digest: %w", err)
	}
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, url, bytes.NewReader(body))
	if err != nil {
		return fmt.Errorf("digest: webhook URL %q is not usable: %w", url, err)
	}
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("User-Agent", "vigil digest")
	resp, err := client.Do(req)
	if err != nil {
		return fmt.Errorf("digest: webhook %s: %w", url, err)
	}
	defer resp.Body.Close()
	io.Copy(io.Discard, io.LimitReader(resp.Body, 1<<16))
	if resp.StatusCode < 200 || resp.StatusCode > 299 {
		return fmt.Errorf("digest: webhook %s answered %d %s", url, resp.StatusCode, http.StatusText(resp.StatusCode))
	}
	return nil
}
