package store

import (
	"context"
	"database/sql"

	"vigil"
)

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
