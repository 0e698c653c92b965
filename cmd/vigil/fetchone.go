package main

import (
	"context"
	"fmt"
	"strconv"

	"vigil"
	"vigil/monitor"
	"vigil/store"
)

// fetchOne checks one feed or page now, named by its ID or URL, and prints
// what came as a pass prints each fetch. A check the monitor refuses (too
// soon after the last fetch, or before the server's hint) is an error that
// says why and until when; a failed fetch is an error too.
func fetchOne(ctx context.Context, e *env, st store.Store, mon *monitor.Monitor, arg string) error {
	id, err := feedNamed(ctx, st, arg)
	if err != nil {
		return err
	}
	res, err := mon.CheckNow(ctx, id)
	if err != nil {
		return err
	}
	printResult(e.stdout, res)
	switch {
	case res.Err != "" && askedToWait(res):
		return fmt.Errorf("%s was not fetched: %s, asking to wait (next try %s)", res.URL, res.Err, stamp(res.NextTime))
	case res.Err != "":
		return fmt.Errorf("the fetch of %s failed: %s", res.URL, res.Err)
	}
	return nil
}

// feedNamed returns the ID of the stored feed or page arg names: a
// positive number is an ID, anything else a URL (normalised as when it
// was added).
func feedNamed(ctx context.Context, st store.Store, arg string) (int64, error) {
	if id, err := strconv.ParseInt(arg, 10, 64); err == nil {
		if id <= 0 {
			return 0, usageError{fmt.Sprintf("feed ID %d is not positive", id)}
		}
		if _, err := st.Feed(ctx, id); err != nil {
			return 0, err
		}
		return id, nil
	}
	url, err := vigil.NormalizeFeedURL(arg)
	if err != nil {
		return 0, usageError{vigil.ErrorMessage(err)}
	}
	feeds, err := st.Feeds(ctx)
	if err != nil {
		return 0, err
	}
	for _, f := range feeds {
		if f.URL == url {
			return f.ID, nil
		}
	}
	return 0, fmt.Errorf("no feed or page has the URL %s (vigil add subscribes to one)", url)
}
