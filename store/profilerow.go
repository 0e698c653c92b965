package store

import (
	"database/sql"
	"encoding/json"

	"vigil"
)

// ScanProfile reads one channel profile from r, whose columns are, in order
// (each store's profileColumns): feed_id, terms, cohesion, cohesion_sd,
// items, novel, novel_rate, updated.
func ScanProfile(s Row) (*vigil.Profile, error) {
	var p vigil.Profile
	var terms string
	var updated sql.NullInt64
	err := s.Scan(&p.FeedID, &terms, &p.Cohesion, &p.CohesionSD, &p.Items, &p.Novel, &p.NovelRate, &updated)
	if err != nil {
		return nil, err
	}
	if err := json.Unmarshal([]byte(terms), &p.Terms); err != nil {
		return nil, err
	}
	p.Updated = FromNanos(updated)
	return &p, nil
}
