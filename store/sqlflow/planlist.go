package sqlflow

import (
	"context"

	"vigil"
	"vigil/store"
)

// PlanListSQL is the text of the query of a re-plan's pages.
type PlanListSQL struct {
	// Page returns, for store.ScanPlanFeed, up to $2 followed feeds whose
	// ID is above $1, by ID.
	Page string
}

// PlanFeeds lists up to limit followed feeds whose ID is above after, by
// ID, each with only what planning reads of it (store.ScanPlanFeed): a
// page of a re-plan, which reads the next page from the last ID it got. A
// limit of 0 or less means no limit.
func (s *Store) PlanFeeds(ctx context.Context, after int64, limit int) ([]vigil.Feed, error) {
	rows, err := s.conn.Read().Query(ctx, s.sql.PlanList.Page, after, s.d.limit(limit))
	return list(&s.d, rows, err, "list feeds to plan", store.ScanPlanFeed)
}
