package store

// ScanFetchHour reads one FetchHour from r, whose columns are, in order:
// feed_id, hours ago, fetches, failed fetches, new items.
func ScanFetchHour(r Row) (*FetchHour, error) {
	var h FetchHour
	if err := r.Scan(&h.FeedID, &h.Ago, &h.Fetches, &h.Failed, &h.NewItems); err != nil {
		return nil, err
	}
	return &h, nil
}
