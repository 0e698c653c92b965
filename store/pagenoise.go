package store

import (
	"context"
	"encoding/json"
	"slices"

	"vigil"
	"vigil/change"
)

// PageNoise returns the items the monitor leaves out of a page's measures
// as noise (change.NoiseStats.Recorded), less those its owner undid; none
// when its statistics are unreadable (the monitor then learns them
// afresh).
func PageNoise(p *vigil.Page) []change.NoiseItem {
	var s change.NoiseStats
	if len(p.Noise) == 0 || json.Unmarshal(p.Noise, &s) != nil {
		return []change.NoiseItem{}
	}
	if items := s.Recorded(change.NoiseOptions{Forgotten: p.NoiseForgotten}); items != nil {
		return items
	}
	return []change.NoiseItem{}
}

// noiseForgetter is what ForgetPageNoise needs of a store.
type noiseForgetter interface {
	Page(ctx context.Context, feedID int64) (*vigil.Page, error)
	SetPageNoiseForgotten(ctx context.Context, userID, feedID int64, keys []string) error
}

// ForgetPageNoise undoes a learned noise item of a page (its key,
// change.NoiseItem.Key): the monitor counts it again and never learns it
// again. Only the page's owner may (ECONFLICT otherwise); a key that is
// not a noise item's is EINVALID, one the page does not list ENOTFOUND.
func ForgetPageNoise(ctx context.Context, st noiseForgetter, userID, feedID int64, key string) error {
	if _, _, err := change.ParseNoiseKey(key); err != nil {
		return vigil.Errorf(vigil.EINVALID, "%v", err)
	}
	p, err := st.Page(ctx, feedID)
	if err != nil {
		return err
	}
	if p.OwnerID != userID {
		return vigil.Errorf(vigil.ECONFLICT, "only the page's first follower may undo learned noise")
	}
	if !slices.ContainsFunc(PageNoise(p), func(it change.NoiseItem) bool { return it.Key == key }) {
		return vigil.Errorf(vigil.ENOTFOUND, "the page has not learned %q as noise", key)
	}
	return st.SetPageNoiseForgotten(ctx, userID, feedID, append(slices.Clone(p.NoiseForgotten), key))
}
