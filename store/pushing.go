package store

import (
	"context"
	"database/sql"

	"vigil"
)

// AttachPushes sets the Push of each of feeds that has a WebSub
// subscription, reading them all once.
func AttachPushes(ctx context.Context, st Pushing, feeds []*vigil.Feed) error {
	pushes, err := st.Pushes(ctx)
	if err != nil || len(pushes) == 0 {
		return err
	}
	byFeed := make(map[int64]*vigil.Push, len(pushes))
	for i := range pushes {
		byFeed[pushes[i].FeedID] = &pushes[i]
	}
	for _, f := range feeds {
		f.Push = byFeed[f.ID]
	}
	return nil
}

// Pushing keeps the feeds' WebSub subscriptions (vigil.Push), one per
// feed at most. A subscription outlives its feed's last follower until
// vigil has asked its hub to end it.
type Pushing interface {
	// SavePush stores p as its feed's subscription, replacing the one the
	// feed had; a push without hub, topic or key is EINVALID.
	SavePush(ctx context.Context, p vigil.Push) error
	// Push returns the feed's subscription, or ENOTFOUND.
	Push(ctx context.Context, feedID int64) (*vigil.Push, error)
	// Pushes lists every subscription by feed ID.
	Pushes(ctx context.Context) ([]vigil.Push, error)
	// RemovePush deletes the feed's subscription; a feed without one is
	// not an error.
	RemovePush(ctx context.Context, feedID int64) error
}

// ScanPush reads a subscription: feed_id, hub, topic, state, callback_key,
// secret, requested_at, lease_until, last_push_at, note.
func ScanPush(r Row) (*vigil.Push, error) {
	var p vigil.Push
	var requested, lease, last sql.NullInt64
	err := r.Scan(&p.FeedID, &p.Hub, &p.Topic, &p.State, &p.Key, &p.Secret, &requested, &lease, &last, &p.Note)
	if err != nil {
		return nil, err
	}
	p.Requested, p.LeaseUntil, p.LastPush = FromNanos(requested), FromNanos(lease), FromNanos(last)
	return &p, nil
}
