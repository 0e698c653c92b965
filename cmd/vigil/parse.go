package main

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"os"
	"strings"

	"vigil/feed"
	"vigil/fetch"
)

func runParse(ctx context.Context, e *env, args []string) error {
	f := newFlags(e, "parse", "FILE|URL", "Print a feed as vigil normalises it, to debug a feed.")
	asJSON := f.Bool("json", false, "print JSON")
	contentType := f.String("content-type", "", "treat a FILE as served with this Content-Type (charset)")
	allowPrivate := f.bindBool("allow-private", "")
	if err := f.parse(args, 1); err != nil {
		return err
	}
	src := f.Arg(0)
	body, opts, err := readFeed(ctx, src, *contentType, *allowPrivate)
	if err != nil {
		return err
	}
	p, err := feed.Parse(body, opts)
	if err != nil {
		return fmt.Errorf("%s: %w", src, err)
	}
	if *asJSON {
		enc := json.NewEncoder(e.stdout)
		enc.SetIndent("", "  ")
		return enc.Encode(p)
	}
	fmt.Fprintf(e.stdout, "%s feed %q (%s), %d item(s)%s\n", p.Format, p.Title, p.SiteURL, len(p.Items), recoveredNote(p.Recovered))
	for _, it := range p.Items {
		fmt.Fprintf(e.stdout, "- %s\t%s\t%s\n", stamp(it.Published), it.Title, it.Key)
	}
	return nil
}

// readFeed reads a feed from a file or an http(s) URL.
func readFeed(ctx context.Context, src, contentType string, allowPrivate bool) ([]byte, feed.Options, error) {
	if strings.HasPrefix(src, "http://") || strings.HasPrefix(src, "https://") {
		resp, err := fetch.New(fetch.Config{AllowPrivate: allowPrivate}).Get(ctx, fetch.Request{URL: src})
		if err != nil {
			return nil, feed.Options{}, err
		}
		if resp.Status != http.StatusOK {
			return nil, feed.Options{}, fmt.Errorf("%s: the server answered %d %s", src, resp.Status, http.StatusText(resp.Status))
		}
		return resp.Body, feed.Options{ContentType: resp.ContentType, BaseURL: resp.URL}, nil
	}
	body, err := os.ReadFile(src)
	if err != nil {
		return nil, feed.Options{}, fmt.Errorf("unable to read %s: %w", src, err)
	}
	return body, feed.Options{ContentType: contentType}, nil
}

func recoveredNote(r bool) string {
	if r {
		return " (ill-formed XML, read leniently)"
	}
	return ""
}
