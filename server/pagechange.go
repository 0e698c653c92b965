package server

import (
	"context"
	"encoding/json"

	"vigil"
	"vigil/change"
	"vigil/store"
	"vigil/updates"
)

// changeViews lists changes of the user's pages as the user sees them.
func (s *Server) changeViews(ctx context.Context, userID, feedID int64, limit int) ([]updates.Change, error) {
	list, err := s.st.Changes(ctx, store.ChangeQuery{UserID: userID, FeedID: feedID, Limit: limit})
	if err != nil {
		return nil, err
	}
	out := make([]updates.Change, 0, len(list))
	for _, c := range list {
		v, err := s.changeView(ctx, userID, c)
		if err != nil {
			return nil, err
		}
		out = append(out, v)
	}
	return out, nil
}

// changeView is c as the user with their threshold for its page sees it.
func (s *Server) changeView(ctx context.Context, userID int64, c vigil.PageChange) (updates.Change, error) {
	pf, err := s.st.PageFollow(ctx, userID, c.FeedID)
	if err != nil {
		return updates.Change{}, err
	}
	threshold, err := change.ParseSeverity(pf.Threshold)
	if err != nil {
		return updates.Change{}, err
	}
	return updates.View(c, userID, threshold, change.DefaultWeights()), nil
}

// changeDetail is one change of a page the user follows with its diff view.
func (s *Server) changeDetail(ctx context.Context, userID, changeID int64) (changeDetail, error) {
	c, err := s.st.Change(ctx, userID, changeID)
	if err != nil {
		return changeDetail{}, err
	}
	v, err := s.changeView(ctx, userID, *c)
	if err != nil {
		return changeDetail{}, err
	}
	old, err := s.versionDocument(ctx, c.PrevID)
	if err != nil {
		return changeDetail{}, err
	}
	cur, err := s.versionDocument(ctx, c.VersionID)
	if err != nil {
		return changeDetail{}, err
	}
	return changeDetail{Change: v, Diff: change.Diff(old, cur)}, nil
}

// versionDocument is a stored version's extract.
func (s *Server) versionDocument(ctx context.Context, versionID int64) (*change.Document, error) {
	v, err := s.st.Version(ctx, versionID)
	if err != nil {
		return nil, err
	}
	var d change.Document
	if err := json.Unmarshal(v.Extract, &d); err != nil || d.Digest == "" {
		return &change.Document{Type: change.TypeOther, Size: int(v.Size), Digest: v.Hash}, nil
	}
	return &d, nil
}
