package main

import (
	"context"
	"encoding/json"
	"fmt"
	"time"

	"vigil"
	"vigil/store"
)

// addPage makes the user follow url as a page with the settings given.
func addPage(ctx context.Context, e *env, st store.Store, u *vigil.User, url string, weight float64, settings *pageFlags) error {
	sub, err := st.FollowPage(ctx, u.ID, url, weight, time.Now())
	if err != nil {
		return err
	}
	if err := settings.apply(ctx, st, u.ID, sub.Feed.ID); err != nil {
		return fmt.Errorf("%s now watches page %d, but its settings were not stored: %w", u.Name, sub.Feed.ID, err)
	}
	fmt.Fprintf(e.stdout, "%s watches page %d: %s\n", u.Name, sub.Feed.ID, sub.Feed.URL)
	return nil
}

// changeJSON is a change as `vigil changes --json` prints it: the extents
// of `vigil page diff --json` with the change's ID, page, time and
// evaluations.
func changeJSON(c vigil.PageChange) (map[string]any, error) {
	out := map[string]any{}
	if err := json.Unmarshal(c.Extents, &out); err != nil {
		return nil, fmt.Errorf("change %d has unreadable extents: %w", c.ID, err)
	}
	out["id"], out["page_id"], out["url"], out["title"] = c.ID, c.FeedID, c.URL, c.Title
	out["time"], out["evaluations"] = c.At.UTC().Format(time.RFC3339), c.Evaluations
	return out, nil
}

func runChanges(ctx context.Context, e *env, args []string) error {
	f := newFlags(e, "changes", "", "Print the detected changes of the pages a user follows, newest first.")
	user := f.String("user", "", "user `name` (may be left out when there is one user)")
	page := f.Int64("page", 0, "only changes of this page `id`")
	limit := f.Int("limit", 50, "at most this many changes (1-500)")
	asJSON := f.Bool("json", false, "print JSON: the extents of 'vigil page diff --json' with id, page_id, url, title, time and evaluations")
	if err := f.parse(args, 0); err != nil {
		return err
	}
	if *limit < 1 || *limit > 500 {
		return usageError{"--limit must be 1-500"}
	}
	st, u, err := f.openReadingFor(ctx, *user)
	if err != nil {
		return err
	}
	defer st.Close()
	if *page != 0 {
		if _, err := st.PageFollow(ctx, u.ID, *page); vigil.ErrorCode(err) == vigil.ENOTFOUND {
			return fmt.Errorf("%s follows no page %d (vigil feeds --user %s lists what they follow)", u.Name, *page, u.Name)
		} else if err != nil {
			return err
		}
	}
	changes, err := st.Changes(ctx, store.ChangeQuery{UserID: u.ID, FeedID: *page, Limit: *limit})
	if err != nil {
		return err
	}
	if !*asJSON {
		for _, c := range changes {
			fmt.Fprintf(e.stdout, "%d\t%s\t%s\t%s\t%s\n", c.ID, stamp(c.At), c.Severity, c.URL, c.Summary)
		}
		return nil
	}
	list := make([]map[string]any, 0, len(changes))
	for _, c := range changes {
		m, err := changeJSON(c)
		if err != nil {
			return err
		}
		list = append(list, m)
	}
	enc := json.NewEncoder(e.stdout)
	enc.SetIndent("", "  ")
	return enc.Encode(list)
}

func runRate(ctx context.Context, e *env, args []string) error {
	f := newFlags(e, "rate", "CHANGE negligible|significant|important", "Rate a change of a page the user follows.")
	user := f.String("user", "", "user `name` (may be left out when there is one user)")
	comment := f.String("comment", "", "a comment for the other followers")
	if err := f.parse(args, 2); err != nil {
		return err
	}
	var id int64
	if _, err := fmt.Sscan(f.Arg(0), &id); err != nil || id <= 0 {
		return usageError{fmt.Sprintf("CHANGE must be a change id (a positive number), got %q", f.Arg(0))}
	}
	rating := f.Arg(1)
	if rating != "negligible" && rating != "significant" && rating != "important" {
		return usageError{fmt.Sprintf("the rating must be negligible, significant or important, got %q", rating)}
	}
	st, u, err := f.openFor(ctx, *user)
	if err != nil {
		return err
	}
	defer st.Close()
	err = st.Evaluate(ctx, vigil.Evaluation{ChangeID: id, UserID: u.ID, Rating: rating, Comment: *comment, At: time.Now()})
	if err != nil {
		return err
	}
	fmt.Fprintf(e.stdout, "%s rated change %d %s\n", u.Name, id, rating)
	return nil
}
