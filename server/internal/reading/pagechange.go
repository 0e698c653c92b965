package reading

import (
	"context"
	"encoding/json"

	"vigil"
	"vigil/change"
	"vigil/store"
	"vigil/updates"
)

// ChangeViews lists changes of the user's pages as the user sees them.
func (s *Service) ChangeViews(ctx context.Context, userID, feedID int64, limit int) ([]updates.Change, error) {
	list, err := s.st.Changes(ctx, store.ChangeQuery{UserID: userID, FeedID: feedID, Limit: limit})
	if err != nil {
		return nil, err
	}
	return updates.Views(ctx, s.st, userID, list, s.updates)
}

// ChangeView is c as the user sees it.
func (s *Service) ChangeView(ctx context.Context, userID int64, c vigil.PageChange) (updates.Change, error) {
	views, err := updates.Views(ctx, s.st, userID, []vigil.PageChange{c}, s.updates)
	if err != nil {
		return updates.Change{}, err
	}
	return views[0], nil
}

// ChangeDetail is one change of a page the user follows with its diff view.
func (s *Service) ChangeDetail(ctx context.Context, userID, changeID int64) (ChangeDetail, error) {
	c, err := s.st.Change(ctx, userID, changeID)
	if err != nil {
		return ChangeDetail{}, err
	}
	v, err := s.ChangeView(ctx, userID, *c)
	if err != nil {
		return ChangeDetail{}, err
	}
	oldV, old, err := s.VersionDocument(ctx, c.PrevID)
	if err != nil {
		return ChangeDetail{}, err
	}
	_, cur, err := s.VersionDocument(ctx, c.VersionID)
	if err != nil {
		return ChangeDetail{}, err
	}
	return ChangeDetail{Change: v, Diff: change.Diff(readAlike(oldV, old, cur, c.URL), cur)}, nil
}

// VersionDocument is a stored version (with its body) and its extract.
func (s *Service) VersionDocument(ctx context.Context, versionID int64) (*vigil.PageVersion, *change.Document, error) {
	v, err := s.st.Version(ctx, versionID)
	if err != nil {
		return nil, nil, err
	}
	var d change.Document
	if err := json.Unmarshal(v.Extract, &d); err != nil || d.Digest == "" {
		return v, &change.Document{Type: change.TypeOther, Size: int(v.Size), Digest: v.Hash}, nil
	}
	return v, &d, nil
}

// readAlike is the older version's extract as the newer one was made (the
// same selector, ignore rules and noise blocks): the owner may have changed
// them in between, and lines ignored in one version only would show as
// changes. It is old itself when alike already or when the newer options
// do not fit the older body.
func readAlike(oldV *vigil.PageVersion, old, cur *change.Document, base string) *change.Document {
	if old.Watch.Key() == cur.Watch.Key() || len(oldV.Body) == 0 {
		return old
	}
	d, err := change.Extract(oldV.Body, oldV.ContentType, cur.Watch.Options(base))
	if err != nil {
		return old
	}
	return d
}
