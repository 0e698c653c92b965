package export

import (
	"context"
	"fmt"

	"vigil"
)

// applyPage stores a page's checked settings for the user: the owner's
// when the user owns the page, the follower's always. It returns a note
// when the owner's were not applied.
func applyPage(ctx context.Context, st Store, userID, feedID int64, e Entry, c checked) (string, error) {
	page, err := st.Page(ctx, feedID)
	if err != nil {
		return "", err
	}
	note := ""
	if page.OwnerID == userID {
		if err := applyOwner(ctx, st, userID, feedID, c); err != nil {
			return "", err
		}
	} else {
		note = fmt.Sprintf("%s: the page's own settings (kinds, selector, ignore, returns, rendering, XPath, jq, undone noise) were not applied: another user watched it first and sets them", e.describe())
	}
	return note, applyFollower(ctx, st, userID, feedID, c)
}

// applyOwner stores the owner's settings of a page.
func applyOwner(ctx context.Context, st Store, userID, feedID int64, c checked) error {
	if err := st.SetPageKinds(ctx, userID, feedID, c.Kinds); err != nil {
		return err
	}
	if err := st.SetPageSelector(ctx, userID, feedID, c.Selector); err != nil {
		return err
	}
	if err := st.SetPageIgnore(ctx, userID, feedID, nonNil(c.Ignore)); err != nil {
		return err
	}
	if err := st.SetPageReturns(ctx, userID, feedID, c.Returns); err != nil {
		return err
	}
	if err := st.SetPageNoiseForgotten(ctx, userID, feedID, nonNil(c.NoiseUndone)); err != nil {
		return err
	}
	return st.SetPageReading(ctx, userID, feedID, vigil.PageReading{Render: c.Render, WaitFor: c.WaitFor, XPath: c.XPath, JQ: c.JQ})
}

// applyFollower stores the user's own settings of a page; an empty
// threshold or frequency keeps the one stored.
func applyFollower(ctx context.Context, st Store, userID, feedID int64, c checked) error {
	pf, err := st.PageFollow(ctx, userID, feedID)
	if err != nil {
		return err
	}
	pf.Threshold = orDefault(c.Threshold, pf.Threshold)
	pf.Frequency = orDefault(c.Frequency, pf.Frequency)
	if err := st.SetPageFollow(ctx, *pf); err != nil {
		return err
	}
	return st.SetPageConditions(ctx, userID, feedID, c.conds)
}
