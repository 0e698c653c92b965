package sqlflow

import (
	"context"
	"time"

	"vigil"
	"vigil/store"
)

// ObservationSQL is the text of the queries of observations.
type ObservationSQL struct {
	// List returns the observations of the feed $1 for
	// store.ScanObservation, newest first, at most $2 (Dialect.NoLimit:
	// all).
	List string
	// CountSince counts the observations at or after the instant $1 that
	// fetches made (not the content hubs pushed).
	CountSince string
}

// Observations lists a feed's latest observations, newest first; a limit of
// 0 or less means all of them. An unknown feed is ENOTFOUND.
func (s *Store) Observations(ctx context.Context, feedID int64, limit int) ([]vigil.Observation, error) {
	rows, err := s.conn.Read().Query(ctx, s.sql.Observation.List, feedID, s.d.limit(limit))
	obs, err := list(&s.d, rows, err, "list observations", store.ScanObservation)
	if err != nil {
		return nil, err
	}
	if len(obs) == 0 {
		if _, err := s.Feed(ctx, feedID); err != nil {
			return nil, err
		}
	}
	return obs, nil
}

// CountFetchesSince counts observations at or after t over all feeds.
func (s *Store) CountFetchesSince(ctx context.Context, t time.Time) (int, error) {
	return s.count(ctx, "count fetches", s.sql.Observation.CountSince, store.Instant(t))
}
