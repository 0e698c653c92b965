package monitor

import (
	"fmt"
	"net/http"
	"time"

	"vigil"
	"vigil/feed"
	"vigil/fetch"
)

// verdict is how a fetch ended, as far as the feed's health is concerned.
type verdict int

const (
	fetched     verdict = iota // 2xx, parsed
	notModified                // 304
	throttled                  // 429 or 503: the server asks us to wait; not a failure
	missing                    // 404 or 410: a failure that may mean the feed is gone
	failed                     // any other failure
)

// outcome is one fetch, classified, with what it brought.
type outcome struct {
	verdict verdict
	resp    *fetch.Response // nil when no response came
	parsed  *feed.Feed      // set when verdict is fetched
	err     string          // the failure in words
}

// classify turns a fetch result into an outcome, parsing the body of a
// successful answer.
func classify(resp *fetch.Response, err error) outcome {
	if err != nil {
		return outcome{verdict: failed, err: describe(err)}
	}
	o := outcome{resp: resp}
	switch s := resp.Status; {
	case s == http.StatusNotModified:
		o.verdict = notModified
	case s >= 200 && s < 300:
		p, perr := feed.Parse(resp.Body, feed.Options{ContentType: resp.ContentType, BaseURL: resp.URL})
		if perr != nil {
			o.verdict, o.err = failed, describe(perr)
		} else {
			o.verdict, o.parsed = fetched, p
		}
	case vigil.AsksToWait(s):
		o.verdict, o.err = throttled, statusText(s)
	case s == http.StatusNotFound || s == http.StatusGone:
		o.verdict, o.err = missing, statusText(s)
	default:
		o.verdict, o.err = failed, statusText(s)
	}
	return o
}

func statusText(code int) string {
	if t := http.StatusText(code); t != "" {
		return fmt.Sprintf("the server answered %d %s", code, t)
	}
	return fmt.Sprintf("the server answered status %d", code)
}

// items returns the parsed items, or nil.
func (o outcome) items() []vigil.Item {
	if o.parsed == nil {
		return nil
	}
	return o.parsed.Items
}

// observation is the ledger entry of the fetch that started at at.
func (o outcome) observation(feedID int64, at time.Time) vigil.Observation {
	obs := vigil.Observation{FeedID: feedID, At: at, Error: o.err, NotModified: o.verdict == notModified}
	if o.resp != nil {
		obs.Status, obs.Bytes, obs.Latency = o.resp.Status, o.resp.Bytes, o.resp.Latency
	}
	obs.Items = len(o.items())
	return obs
}
