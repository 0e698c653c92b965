package store

import (
	"encoding/json"
	"fmt"

	"vigil"
)

// CheckFetched refuses a fetch whose observation has no time or is of
// another feed, or with an item without a key.
func CheckFetched(f vigil.Fetched) error {
	if f.Observation.At.IsZero() {
		return vigil.Errorf(vigil.EINVALID, "observation of feed %d has no time", f.FeedID)
	}
	if f.Observation.FeedID != 0 && f.Observation.FeedID != f.FeedID {
		return vigil.Errorf(vigil.EINVALID, "observation of feed %d is for feed %d", f.FeedID, f.Observation.FeedID)
	}
	for i, it := range f.Items {
		if it.Key == "" {
			return vigil.Errorf(vigil.EINVALID, "item %d of feed %d has no key", i, f.FeedID)
		}
	}
	return nil
}

// UniqueItems returns the items of a fetch of the feed feedID as they are
// stored: the first of each key, of that feed, without an ID or a reader's
// state.
func UniqueItems(feedID int64, items []vigil.Item) []vigil.Item {
	keys := make(map[string]struct{}, len(items))
	unique := make([]vigil.Item, 0, len(items))
	for _, it := range items {
		if _, dup := keys[it.Key]; dup {
			continue
		}
		keys[it.Key] = struct{}{}
		it.ID, it.FeedID, it.Read, it.Starred, it.FeedTitle = 0, feedID, false, false, ""
		unique = append(unique, it)
	}
	return unique
}

// FeedState returns the encoded columns of the state decide returned for the
// feed with ID id: its hints as JSON (NotBefore as it reads back once
// stored) and its model, nil when empty. A feed of another ID is EINVALID.
func FeedState(id int64, feed *vigil.Feed) (hints string, model []byte, err error) {
	if feed.ID != 0 && feed.ID != id {
		return "", nil, vigil.Errorf(vigil.EINVALID, "decide returned feed %d for feed %d", feed.ID, id)
	}
	h := feed.Hints
	h.NotBefore = Normalise(h.NotBefore)
	b, err := json.Marshal(h)
	if err != nil {
		return "", nil, fmt.Errorf("encode hints: %w", err)
	}
	if len(feed.Model) > 0 {
		model = feed.Model
	}
	return string(b), model, nil
}

// CheckPageFetched refuses a page fetch whose observation has no time.
func CheckPageFetched(p PageFetched) error {
	if p.Observation.At.IsZero() {
		return vigil.Errorf(vigil.EINVALID, "observation of page %d has no time", p.FeedID)
	}
	return nil
}

// CheckPageVersion refuses a page fetch with a version without a hash.
func CheckPageVersion(p PageFetched) error {
	if p.Version != nil && p.Version.Hash == "" {
		return vigil.Errorf(vigil.EINVALID, "version of page %d has no hash", p.FeedID)
	}
	return nil
}

// PageObservation returns the observation a page fetch stores: one item
// when the page was read, one new item when the fetch stored a change.
func PageObservation(p PageFetched, changed bool) vigil.Observation {
	o := p.Observation
	o.Items, o.NewItems, o.Updated = 0, 0, 0
	if p.Read {
		o.Items = 1
	}
	if changed {
		o.NewItems = 1
	}
	return o
}

// CheckRecord returns an EINVALID error when a fetch that brought no
// items cannot be recorded (RecordFetch): an observation without a time or
// a feed, or without the feed state to store, or of another feed.
func CheckRecord(obs vigil.Observation, feed *vigil.Feed) error {
	switch {
	case obs.FeedID == 0:
		return vigil.Errorf(vigil.EINVALID, "observation names no feed")
	case obs.At.IsZero():
		return vigil.Errorf(vigil.EINVALID, "observation of feed %d has no time", obs.FeedID)
	case feed == nil:
		return vigil.Errorf(vigil.EINVALID, "no state to record for feed %d", obs.FeedID)
	case feed.ID != 0 && feed.ID != obs.FeedID:
		return vigil.Errorf(vigil.EINVALID, "observation of feed %d recorded with the state of feed %d", obs.FeedID, feed.ID)
	}
	return nil
}
