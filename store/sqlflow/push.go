package sqlflow

import (
	"context"
	"errors"

	"vigil"
	"vigil/store"
)

// PushSQL is the text of the WebSub subscription statements; the column
// list of each query is store.ScanPush's.
type PushSQL struct {
	// Save stores a subscription (feed, hub, topic, state, key, secret,
	// requested, lease end, last push, note), replacing the feed's.
	Save string
	// Get returns the subscription of the feed $1.
	Get string
	// List returns every subscription by feed ID.
	List string
	// Remove deletes the subscription of the feed $1.
	Remove string
}

// SavePush stores p as its feed's subscription, replacing the feed's.
func (s *Store) SavePush(ctx context.Context, p vigil.Push) error {
	if p.Hub == "" || p.Topic == "" || p.Key == "" {
		return vigil.Errorf(vigil.EINVALID, "a WebSub subscription needs a hub, a topic and a callback key")
	}
	_, err := s.conn.Write().Exec(ctx, s.sql.Push.Save, p.FeedID, p.Hub, p.Topic, string(p.State), p.Key, p.Secret,
		store.Nanos(p.Requested), store.Nanos(p.LeaseUntil), store.Nanos(p.LastPush), p.Note)
	return s.d.WrapIf("store the WebSub subscription", err)
}

// Push returns the feed's subscription, or ENOTFOUND.
func (s *Store) Push(ctx context.Context, feedID int64) (*vigil.Push, error) {
	p, err := store.ScanPush(s.conn.Read().QueryRow(ctx, s.sql.Push.Get, feedID))
	if errors.Is(err, ErrNoRows) {
		return nil, vigil.Errorf(vigil.ENOTFOUND, "feed %d has no WebSub subscription", feedID)
	}
	if err != nil {
		return nil, s.d.Wrap("read the WebSub subscription", err)
	}
	return p, nil
}

// Pushes lists every subscription by feed ID.
func (s *Store) Pushes(ctx context.Context) ([]vigil.Push, error) {
	rows, err := s.conn.Read().Query(ctx, s.sql.Push.List)
	return list(&s.d, rows, err, "list the WebSub subscriptions", store.ScanPush)
}

// RemovePush deletes the feed's subscription, if it has one.
func (s *Store) RemovePush(ctx context.Context, feedID int64) error {
	_, err := s.conn.Write().Exec(ctx, s.sql.Push.Remove, feedID)
	return s.d.WrapIf("remove the WebSub subscription", err)
}
