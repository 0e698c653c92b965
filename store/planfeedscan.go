package store

import "vigil"

// ScanPlanFeed reads one feed of a re-plan's page (Scheduling.PlanFeeds)
// from r, whose columns are, in order: id, created_at, last_fetch,
// last_success, next_fetch, failures, hints, item_window, model, the
// subscribers' count and their summed weight. The feed holds only what
// planning reads of it; its other fields are zero.
func ScanPlanFeed(r Row) (*vigil.Feed, error) {
	var f feedScan
	err := r.Scan(&f.ID, &f.created, &f.lastFetch, &f.lastSuccess, &f.nextFetch, &f.Failures,
		&f.hints, &f.Window, &f.model, &f.Subscribers, &f.Weight)
	if err != nil {
		return nil, err
	}
	if err := f.finish(); err != nil {
		return nil, err
	}
	return &f.Feed, nil
}
