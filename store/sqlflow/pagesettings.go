package sqlflow

import (
	"context"
	"encoding/json"
	"fmt"

	"vigil"
	"vigil/store"
)

// SetPageReading sets how a page is fetched and read; only its owner may
// (ECONFLICT otherwise), and what does not compile is EINVALID.
func (s *Store) SetPageReading(ctx context.Context, userID, feedID int64, r vigil.PageReading) error {
	v, err := store.PageReadingJSON(r)
	if err != nil {
		return err
	}
	return s.setPageColumn(ctx, userID, feedID, "reading", s.sql.Page.SetReading, s.d.text(v))
}

// SetPageNoiseForgotten sets the noise items the page's owner undid; only
// the owner may.
func (s *Store) SetPageNoiseForgotten(ctx context.Context, userID, feedID int64, keys []string) error {
	v, err := store.NoiseForgottenJSON(keys)
	if err != nil {
		return err
	}
	return s.setPageColumn(ctx, userID, feedID, "noise_forgotten", s.sql.Page.SetNoiseForgotten, s.d.text(v))
}

// SetPageConditions stores the user's conditions on a page they follow.
func (s *Store) SetPageConditions(ctx context.Context, userID, feedID int64, conds []vigil.Condition) error {
	v, err := store.ConditionsJSON(conds)
	if err != nil {
		return err
	}
	if _, err := s.PageFollow(ctx, userID, feedID); err != nil {
		return err
	}
	_, err = s.conn.Write().Exec(ctx, s.sql.PageFollow.SetConditions, userID, feedID, s.d.text(v))
	return s.d.WrapIf("store page conditions", err)
}

// PageConditions returns the conditions of the page's followers who set
// any, by user ID.
func (s *Store) PageConditions(ctx context.Context, feedID int64) (map[int64][]vigil.Condition, error) {
	rows, err := s.conn.Read().Query(ctx, s.sql.PageFollow.Conditions, feedID)
	list, err := list(&s.d, rows, err, "read page conditions", scanConditions)
	if err != nil {
		return nil, err
	}
	out := make(map[int64][]vigil.Condition, len(list))
	for _, c := range list {
		out[c.userID] = c.conds
	}
	return out, nil
}

// userConditions is one follower's conditions.
type userConditions struct {
	userID int64
	conds  []vigil.Condition
}

// scanConditions reads (user ID, conditions as JSON).
func scanConditions(r store.Row) (*userConditions, error) {
	var (
		c    userConditions
		text string
	)
	if err := r.Scan(&c.userID, &text); err != nil {
		return nil, err
	}
	if err := json.Unmarshal([]byte(text), &c.conds); err != nil {
		return nil, fmt.Errorf("decode conditions of user %d: %w", c.userID, err)
	}
	return &c, nil
}
