package main

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"os"
	"strings"

	"vigil/change"
	"vigil/fetch"
)

// pageCommands are the subcommands of vigil page.
var pageCommands = []command{
	{"diff", "compare two versions of a web page (files or URLs)", runPageDiff},
	{"set", "change the settings of a watched page", runPageSet},
	{"noise", "list the noise learned on a watched page, or undo an item", runPageNoise},
	{"gen", "write a synthetic page-change trace", runPageGen},
	{"replay", "replay a page's recorded versions through the live monitor", runPageReplay},
	{"sim", "replay a page-change trace through page policies", runPageSim},
}

// runPage runs `vigil page SUBCOMMAND`: diff, set, noise, gen, replay or sim.
func runPage(ctx context.Context, e *env, args []string) error {
	return runGroup(ctx, e, "page", pageCommands, args)
}

// stringList is a repeatable string flag.
type stringList []string

func (l *stringList) String() string     { return strings.Join(*l, ", ") }
func (l *stringList) Set(v string) error { *l = append(*l, v); return nil }

// runPageDiff prints the change extents (or the diff view) between two
// versions of a page.
func runPageDiff(ctx context.Context, e *env, args []string) error {
	f := newFlags(e, "page diff", "OLD NEW",
		"Print how a page changed from OLD to NEW (files or http(s) URLs): the change extents of\n"+
			"Glance et al. (any, text, tokens, phrases, links, images), severity and summary.")
	asJSON := f.Bool("json", false, "print the extents as JSON")
	view := f.Bool("view", false, "print the diff view (sanitised HTML, changes marked inline) instead")
	diffContext := f.Int("context", -1, "with --view, show each change with this many unchanged text lines around it (-1: the whole page)")
	words := f.Bool("words", false, "with --view, mark the changed words of an updated line rather than the whole line")
	selector := f.String("selector", "", "watch only the elements matching this CSS `selector`")
	xpath := f.String("xpath", "", "watch only the nodes this XPath 1.0 `expression` selects")
	jq := f.String("jq", "", "in JSON documents, watch only the results of this jq `program`")
	var ignore stringList
	f.Var(&ignore, "ignore", "leave out text lines matching this `regexp` (repeatable)")
	contentType := f.String("content-type", "", "treat FILEs as served with this Content-Type (default: sniffed)")
	base := f.String("base", "", "resolve the links of FILEs against this `URL`")
	allowPrivate := f.bindBool("allow-private", "")
	if err := f.parse(args, 2); err != nil {
		return err
	}
	opts := change.ExtractOptions{Selector: *selector, XPath: *xpath, JQ: *jq, Ignore: ignore}
	var docs [2]*change.Document
	for i, src := range f.Args() {
		body, ct, url, err := readPage(ctx, src, *contentType, *allowPrivate)
		if err != nil {
			return err
		}
		opts.Base = *base
		if url != "" {
			opts.Base = url
		}
		if docs[i], err = change.Extract(body, ct, opts); err != nil {
			return fmt.Errorf("%s: %w", src, err)
		}
	}
	return printPageDiff(e, docs[0], docs[1], *asJSON, *view, change.DiffOptions{Context: *diffContext, Words: *words})
}

// printPageDiff writes the extents as JSON or text, or the diff view.
func printPageDiff(e *env, old, new *change.Document, asJSON, view bool, layout change.DiffOptions) error {
	if view {
		_, err := fmt.Fprintln(e.stdout, change.DiffWith(old, new, layout).HTML)
		return err
	}
	x := change.Compare(old, new)
	if asJSON {
		enc := json.NewEncoder(e.stdout)
		enc.SetIndent("", "  ")
		return enc.Encode(x)
	}
	fmt.Fprintf(e.stdout, "%s: %s\n", x.Severity, x.Summary)
	fmt.Fprintf(e.stdout, "any %v, text %.1f%%, tokens %.1f%%, phrases %.1f%%, links %.1f%% (+%d −%d), images %.1f%% (+%d −%d)\n",
		x.Any, 100*x.Text, 100*x.Tokens, 100*x.Phrases, 100*x.Links, x.LinksAdded, x.LinksRemoved,
		100*x.Images, x.ImagesAdded, x.ImagesRemoved)
	return nil
}

// readPage reads a page from a file or an http(s) URL; it returns the
// body, its content type and, for a URL, the final URL.
func readPage(ctx context.Context, src, contentType string, allowPrivate bool) (body []byte, ct, url string, err error) {
	if strings.HasPrefix(src, "http://") || strings.HasPrefix(src, "https://") {
		resp, err := fetch.New(fetch.Config{AllowPrivate: allowPrivate}).Get(ctx, fetch.Request{URL: src})
		if err != nil {
			return nil, "", "", err
		}
		if resp.Status != http.StatusOK {
			return nil, "", "", fmt.Errorf("%s: the server answered %d %s", src, resp.Status, http.StatusText(resp.Status))
		}
		return resp.Body, resp.ContentType, resp.URL, nil
	}
	body, err = os.ReadFile(src)
	if err != nil {
		return nil, "", "", fmt.Errorf("unable to read %s: %w", src, err)
	}
	return body, contentType, "", nil
}
