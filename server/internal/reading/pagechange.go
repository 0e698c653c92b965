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

// DiffQuery is what a diff view compares and how it is laid out.
type DiffQuery struct {
	// From and To are versions of the change's page; 0 means the
	// change's own (its previous version, its new version).
	From, To int64
	// Options lay the view out.
	Options change.DiffOptions
}

// DefaultDiffQuery is a change's own versions, its changes with
// change.DefaultContext lines around them, inline, word by word.
func DefaultDiffQuery() DiffQuery {
	return DiffQuery{Options: change.DiffOptions{Context: change.DefaultContext, Words: true}}
}

// maxPickedVersions bounds the versions offered to compare.
const maxPickedVersions = 200

// ChangeDetail is one change of a page the user follows with its default
// diff view (DefaultDiffQuery).
func (s *Service) ChangeDetail(ctx context.Context, userID, changeID int64) (ChangeDetail, error) {
	return s.ChangeDiff(ctx, userID, changeID, DefaultDiffQuery())
}

// ChangeDiff is one change of a page the user follows with the diff view
// q asks for, between any two versions of the page. The view is computed
// once and kept (see diffViews).
func (s *Service) ChangeDiff(ctx context.Context, userID, changeID int64, q DiffQuery) (ChangeDetail, error) {
	c, err := s.st.Change(ctx, userID, changeID)
	if err != nil {
		return ChangeDetail{}, err
	}
	v, err := s.ChangeView(ctx, userID, *c)
	if err != nil {
		return ChangeDetail{}, err
	}
	d := ChangeDetail{Change: v, From: c.PrevID, To: c.VersionID}
	if q.From != 0 {
		d.From = q.From
	}
	if q.To != 0 {
		d.To = q.To
	}
	if d.From == d.To {
		return ChangeDetail{}, vigil.Errorf(vigil.EINVALID, "from and to are the same version (%d): pick two versions to compare", d.From)
	}
	if d.Versions, err = s.st.Versions(ctx, c.FeedID, maxPickedVersions); err != nil {
		return ChangeDetail{}, err
	}
	key := diffKey{from: d.From, to: d.To, opts: q.Options}
	d.Diff, err = s.diffs.get(ctx, key, func() (change.DiffView, error) {
		return s.computeDiff(context.WithoutCancel(ctx), c.FeedID, c.URL, d.From, d.To, q.Options)
	})
	return d, err
}

// computeDiff reads two versions of page feedID and renders their diff.
func (s *Service) computeDiff(ctx context.Context, feedID int64, url string, from, to int64, opts change.DiffOptions) (change.DiffView, error) {
	oldV, old, err := s.diffDocument(ctx, feedID, from)
	if err != nil {
		return change.DiffView{}, err
	}
	_, cur, err := s.diffDocument(ctx, feedID, to)
	if err != nil {
		return change.DiffView{}, err
	}
	return change.DiffWith(readAlike(oldV, old, cur, url), cur, opts), nil
}

// diffDocument is VersionDocument for a diff view: a version of page
// feedID (another page's is not found) with what the view needs of its
// extract, leaving out the words, tokens and phrases.
func (s *Service) diffDocument(ctx context.Context, feedID, versionID int64) (*vigil.PageVersion, *change.Document, error) {
	v, err := s.st.Version(ctx, versionID)
	if err != nil {
		return nil, nil, err
	}
	if v.FeedID != feedID {
		return nil, nil, vigil.Errorf(vigil.ENOTFOUND, "version %d is not a version of this page", versionID)
	}
	var d struct {
		Type, ContentType, Digest, HeadDigest string
		Size, Compared                        int
		Lines                                 []change.Line
		Watch                                 change.Watch
		Capped                                bool
	}
	if err := json.Unmarshal(v.Extract, &d); err != nil || d.Digest == "" {
		return v, &change.Document{Type: change.TypeOther, Size: int(v.Size), Digest: v.Hash}, nil
	}
	return v, &change.Document{Type: d.Type, ContentType: d.ContentType, Digest: d.Digest, HeadDigest: d.HeadDigest,
		Size: d.Size, Lines: d.Lines, Watch: d.Watch, Capped: d.Capped, Compared: d.Compared}, nil
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
