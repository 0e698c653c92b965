package sqlflow

import (
	"context"
	"time"

	"vigil"
	"vigil/store"
)

// SubscriptionSQL is the text of the subscription statements. The column
// list of each query is store.ScanSubscription's.
type SubscriptionSQL struct {
	// CreateFeed stores a feed (url, status, created at, next fetch) unless
	// one has its URL.
	CreateFeed string
	// FeedByURL returns the ID of the feed of URL $1.
	FeedByURL string
	// Follow makes the user $1 follow the feed $2 with weight $3 (created
	// at $4), or sets the weight of a subscription stored already.
	Follow string
	// Delete deletes the subscription of the user $1 to the feed $2.
	Delete string
	// List returns the subscriptions of the user $1, by feed title.
	List string
	// ByFeed returns the subscription of the user $1 to the feed $2.
	ByFeed string
	// ByFeeds returns the query, and its arguments, of the user's
	// subscriptions to the feeds with those IDs.
	ByFeeds func(userID int64, feedIDs []int64) (string, []any)
	// ByFeedsBatch is how many feed IDs one ByFeeds query takes at most (0:
	// all of them).
	ByFeedsBatch int
}

// Subscribe makes the user follow url, creating the feed (active, due at
// now) when no feed has that URL yet; following it again only sets the
// weight. URLs match exactly: the caller normalises them. An empty URL or a
// weight that is not a positive finite number is EINVALID; an unknown user
// is ENOTFOUND.
func (s *Store) Subscribe(ctx context.Context, userID int64, url string, weight float64, now time.Time) (*vigil.Subscription, error) {
	if err := store.CheckFollow("feed", url, weight, now); err != nil {
		return nil, err
	}
	feedID, err := s.subscribe(ctx, userID, url, weight, now)
	if err != nil {
		return nil, err
	}
	return s.Subscription(ctx, userID, feedID)
}

// subscribe writes the feed and the subscription in one transaction and
// returns the feed's ID.
func (s *Store) subscribe(ctx context.Context, userID int64, url string, weight float64, now time.Time) (int64, error) {
	tx, err := s.conn.Begin(ctx)
	if err != nil {
		return 0, s.d.Wrap("subscribe", err)
	}
	defer tx.Rollback(ctx)
	feedID, _, err := s.createFeedRow(ctx, tx, url, now, "create feed")
	if err != nil {
		return 0, err
	}
	if err := s.follow(ctx, tx, userID, feedID, weight, now, "subscribe"); err != nil {
		return 0, err
	}
	if err := tx.Commit(ctx); err != nil {
		return 0, s.d.Wrap("subscribe", err)
	}
	return feedID, nil
}

// createFeedRow inserts a feed row due at now unless one has url, and
// returns its ID and whether it was created; errors are wrapped by op.
func (s *Store) createFeedRow(ctx context.Context, tx Tx, url string, now time.Time, op string) (int64, bool, error) {
	q := &s.sql.Subscription
	n, err := tx.Exec(ctx, q.CreateFeed, url, string(vigil.FeedActive), store.Nanos(now), store.Nanos(now))
	if err != nil {
		return 0, false, s.d.Wrap(op, err)
	}
	var id int64
	if err := tx.QueryRow(ctx, q.FeedByURL, url).Scan(&id); err != nil {
		return 0, false, s.d.Wrap(op, err)
	}
	return id, n == 1, nil
}

// follow stores the user's subscription to the feed, or its new weight;
// an unknown user is ENOTFOUND, other errors are wrapped by op.
func (s *Store) follow(ctx context.Context, tx Tx, userID, feedID int64, weight float64, now time.Time, op string) error {
	_, err := tx.Exec(ctx, s.sql.Subscription.Follow, userID, feedID, weight, store.Nanos(now))
	if s.d.IsForeignKey(err) {
		return vigil.Errorf(vigil.ENOTFOUND, "user %d not found", userID)
	}
	return s.d.WrapIf(op, err)
}

// Unsubscribe stops the user following the feed; its items stay stored. A
// feed the user does not follow is ENOTFOUND.
func (s *Store) Unsubscribe(ctx context.Context, userID, feedID int64) error {
	n, err := s.conn.Write().Exec(ctx, s.sql.Subscription.Delete, userID, feedID)
	if err != nil {
		return s.d.Wrap("unsubscribe", err)
	}
	return requireRow(n, "subscription to feed %d not found", feedID)
}

// Subscriptions lists the user's subscriptions with feed state and unread
// counts, by feed title (the URL while the title is unknown) ignoring case.
func (s *Store) Subscriptions(ctx context.Context, userID int64) ([]vigil.Subscription, error) {
	rows, err := s.conn.Read().Query(ctx, s.sql.Subscription.List, userID)
	return list(&s.d, rows, err, "list subscriptions", store.ScanSubscription)
}

// SubscriptionsOf returns the user's subscriptions to those feeds, in no
// set order, each once, in one query a batch of ByFeedsBatch IDs; feeds the
// user does not follow are left out.
func (s *Store) SubscriptionsOf(ctx context.Context, userID int64, feedIDs []int64) ([]vigil.Subscription, error) {
	feedIDs = distinct(feedIDs)
	batch := s.sql.Subscription.ByFeedsBatch
	if batch <= 0 {
		batch = max(len(feedIDs), 1)
	}
	var subs []vigil.Subscription
	for start := 0; start < len(feedIDs); start += batch {
		query, args := s.sql.Subscription.ByFeeds(userID, feedIDs[start:min(start+batch, len(feedIDs))])
		rows, err := s.conn.Read().Query(ctx, query, args...)
		part, err := list(&s.d, rows, err, "read subscriptions", store.ScanSubscription)
		if err != nil {
			return nil, err
		}
		subs = append(subs, part...)
	}
	return subs, nil
}

// distinct returns ids without repeats, in their first order.
func distinct(ids []int64) []int64 {
	seen := make(map[int64]bool, len(ids))
	out := make([]int64, 0, len(ids))
	for _, id := range ids {
		if !seen[id] {
			seen[id] = true
			out = append(out, id)
		}
	}
	return out
}

// Subscription returns one of the user's subscriptions, or ENOTFOUND.
func (s *Store) Subscription(ctx context.Context, userID, feedID int64) (*vigil.Subscription, error) {
	sub, err := store.ScanSubscription(s.conn.Hot().QueryRow(ctx, s.sql.Subscription.ByFeed, userID, feedID))
	return found(&s.d, sub, err, "read subscription", "subscription to feed %d not found", feedID)
}
