package metrics

import (
	"context"
	"time"

	"github.com/prometheus/client_golang/prometheus"

	"vigil"
	"vigil/store"
)

// timedStore is a store.Store that times its main operations: those of
// every fetch (DueFeeds, Ingest, CountFetchesSince), of the API and pages
// (authentication, subscriptions, items, search, observations) and of the
// profiler (ItemsAfter, SaveProfiles). The others pass through untimed.
type timedStore struct {
	store.Store
	latency *prometheus.HistogramVec
}

// Store returns st with the latency of its main operations counted in
// vigil_store_operation_duration_seconds, by operation.
func (m *Metrics) Store(st store.Store) store.Store {
	return &timedStore{Store: st, latency: m.storeLatency}
}

// since observes the time since start under op.
func (s *timedStore) since(op string, start time.Time) {
	s.latency.WithLabelValues(op).Observe(time.Since(start).Seconds())
}

// UserByToken times store.Store.UserByToken.
func (s *timedStore) UserByToken(ctx context.Context, tokenHash string) (*vigil.User, error) {
	defer s.since("UserByToken", time.Now())
	return s.Store.UserByToken(ctx, tokenHash)
}

// SessionUser times store.Store.SessionUser.
func (s *timedStore) SessionUser(ctx context.Context, tokenHash string, now time.Time) (*vigil.User, error) {
	defer s.since("SessionUser", time.Now())
	return s.Store.SessionUser(ctx, tokenHash, now)
}

// Subscribe times store.Store.Subscribe.
func (s *timedStore) Subscribe(ctx context.Context, userID int64, url string, weight float64, now time.Time) (*vigil.Subscription, error) {
	defer s.since("Subscribe", time.Now())
	return s.Store.Subscribe(ctx, userID, url, weight, now)
}

// Subscriptions times store.Store.Subscriptions.
func (s *timedStore) Subscriptions(ctx context.Context, userID int64) ([]vigil.Subscription, error) {
	defer s.since("Subscriptions", time.Now())
	return s.Store.Subscriptions(ctx, userID)
}

// Subscription times store.Store.Subscription.
func (s *timedStore) Subscription(ctx context.Context, userID, feedID int64) (*vigil.Subscription, error) {
	defer s.since("Subscription", time.Now())
	return s.Store.Subscription(ctx, userID, feedID)
}

// SubscriptionsOf times store.Store.SubscriptionsOf.
func (s *timedStore) SubscriptionsOf(ctx context.Context, userID int64, feedIDs []int64) ([]vigil.Subscription, error) {
	defer s.since("SubscriptionsOf", time.Now())
	return s.Store.SubscriptionsOf(ctx, userID, feedIDs)
}

// DueFeeds times store.Store.DueFeeds.
func (s *timedStore) DueFeeds(ctx context.Context, now time.Time, limit int) ([]vigil.Feed, error) {
	defer s.since("DueFeeds", time.Now())
	return s.Store.DueFeeds(ctx, now, limit)
}

// Ingest times store.Store.Ingest.
func (s *timedStore) Ingest(ctx context.Context, f vigil.Fetched, decide func(vigil.Ingested, *vigil.Feed) (*vigil.Feed, error)) (vigil.Ingested, error) {
	defer s.since("Ingest", time.Now())
	return s.Store.Ingest(ctx, f, decide)
}

// RecordFetch times store.Store.RecordFetch.
func (s *timedStore) RecordFetch(ctx context.Context, obs vigil.Observation, feed *vigil.Feed) error {
	defer s.since("RecordFetch", time.Now())
	return s.Store.RecordFetch(ctx, obs, feed)
}

// Items times store.Store.Items.
func (s *timedStore) Items(ctx context.Context, q vigil.ItemQuery) ([]vigil.Item, error) {
	defer s.since("Items", time.Now())
	return s.Store.Items(ctx, q)
}

// Item times store.Store.Item.
func (s *timedStore) Item(ctx context.Context, userID, itemID int64) (*vigil.Item, error) {
	defer s.since("Item", time.Now())
	return s.Store.Item(ctx, userID, itemID)
}

// MarkRead times store.Store.MarkRead.
func (s *timedStore) MarkRead(ctx context.Context, userID int64, itemIDs []int64, read bool) error {
	defer s.since("MarkRead", time.Now())
	return s.Store.MarkRead(ctx, userID, itemIDs, read)
}

// Observations times store.Store.Observations.
func (s *timedStore) Observations(ctx context.Context, feedID int64, limit int) ([]vigil.Observation, error) {
	defer s.since("Observations", time.Now())
	return s.Store.Observations(ctx, feedID, limit)
}

// CountFetchesSince times store.Store.CountFetchesSince.
func (s *timedStore) CountFetchesSince(ctx context.Context, t time.Time) (int, error) {
	defer s.since("CountFetchesSince", time.Now())
	return s.Store.CountFetchesSince(ctx, t)
}

// SearchItems times store.Store.SearchItems.
func (s *timedStore) SearchItems(ctx context.Context, userID int64, query string, limit int) ([]vigil.Item, error) {
	defer s.since("SearchItems", time.Now())
	return s.Store.SearchItems(ctx, userID, query, limit)
}

// ItemsAfter times store.Store.ItemsAfter.
func (s *timedStore) ItemsAfter(ctx context.Context, after int64, limit int) ([]vigil.Item, error) {
	defer s.since("ItemsAfter", time.Now())
	return s.Store.ItemsAfter(ctx, after, limit)
}

// SaveProfiles times store.Store.SaveProfiles.
func (s *timedStore) SaveProfiles(ctx context.Context, b store.ProfileBatch) error {
	defer s.since("SaveProfiles", time.Now())
	return s.Store.SaveProfiles(ctx, b)
}

// Unwrap returns the store the timings wrap, for callers that need the
// implementation itself (the PostgreSQL coordinator of several workers).
func (s *timedStore) Unwrap() store.Store { return s.Store }
