package sqlflow

import (
	"context"
	"encoding/json"
	"fmt"

	"vigil"
	"vigil/store"
)

// PageFollowSQL is the text of the statements about a follower's page
// settings.
type PageFollowSQL struct {
	// Read returns the threshold, frequency, last change seen and
	// conditions (JSON) of the user $1 following the page $2, defaults for
	// what is not stored.
	Read string
	// Set stores the threshold $3 and frequency $4 of the user $1 for the
	// page $2.
	Set string
	// MarkSeen raises the last change the user $1 saw of the page $2 to $3.
	MarkSeen string
	// Followers counts the followers of the feed $1.
	Followers string
	// SetConditions stores the conditions (JSON) $3 of the user $1 for the
	// page $2.
	SetConditions string
	// Conditions returns (user ID, conditions) of the followers of the
	// page $1 who set conditions.
	Conditions string
}

// PageFollow returns the user's settings for a page they follow: the
// stored ones, else the defaults (threshold significant, daily group).
func (s *Store) PageFollow(ctx context.Context, userID, feedID int64) (*vigil.PageFollow, error) {
	pf := vigil.PageFollow{UserID: userID, FeedID: feedID}
	var conds string
	err := s.conn.Read().QueryRow(ctx, s.sql.PageFollow.Read, userID, feedID).Scan(&pf.Threshold, &pf.Frequency, &pf.Seen, &conds)
	if err == nil {
		if err = json.Unmarshal([]byte(conds), &pf.Conditions); err != nil {
			return nil, fmt.Errorf("read page settings: decode conditions: %w", err)
		}
	}
	return found(&s.d, &pf, err, "read page settings", "page %d not found", feedID)
}

// SetPageFollow stores the user's threshold and frequency for a page they
// follow; unknown words are EINVALID.
func (s *Store) SetPageFollow(ctx context.Context, pf vigil.PageFollow) error {
	if err := store.CheckPageFollow(pf); err != nil {
		return err
	}
	if _, err := s.PageFollow(ctx, pf.UserID, pf.FeedID); err != nil {
		return err
	}
	_, err := s.conn.Write().Exec(ctx, s.sql.PageFollow.Set, pf.UserID, pf.FeedID, pf.Threshold, pf.Frequency)
	return s.d.WrapIf("store page settings", err)
}

// MarkChangesSeen records that the user has looked at the page's changes
// up to changeID (it never moves back).
func (s *Store) MarkChangesSeen(ctx context.Context, userID, feedID, changeID int64) error {
	if _, err := s.PageFollow(ctx, userID, feedID); err != nil {
		return err
	}
	_, err := s.conn.Write().Exec(ctx, s.sql.PageFollow.MarkSeen, userID, feedID, changeID)
	return s.d.WrapIf("mark page changes seen", err)
}

// PageFollowers counts the users following a page.
func (s *Store) PageFollowers(ctx context.Context, feedID int64) (int, error) {
	var n int
	if err := s.conn.Read().QueryRow(ctx, s.sql.PageFollow.Followers, feedID).Scan(&n); err != nil {
		return 0, s.d.Wrap("count page followers", err)
	}
	return n, nil
}
