package server

import (
	"context"
	"net/http"
	"regexp"
	"strings"

	"vigil"
	"vigil/change"
	"vigil/updates"
)

// pageSettingsRequest is the body of PUT /api/pages/{id}/settings: a
// follower's threshold and group, and (the owner only) the kinds monitored
// and the selector. Absent fields stay as they are.
type pageSettingsRequest struct {
	Threshold *string   `json:"threshold"`
	Frequency *string   `json:"frequency"`
	Kinds     *[]string `json:"kinds"`
	Selector  *string   `json:"selector"`
	Ignore    *[]string `json:"ignore"`
}

// rateRequest is the body of POST /api/changes/{id}/rating.
type rateRequest struct {
	Rating  string `json:"rating"`
	Comment string `json:"comment"`
}

// pageDetail is GET /api/pages/{id}: the page with the visitor's settings,
// its document history and its versions.
type pageDetail struct {
	updates.Page
	// Duplicate is another watched page with the same latest content.
	Duplicate *vigil.Feed         `json:"duplicate,omitempty"`
	Recent    []updates.Change    `json:"recent"`
	Important []updates.Change    `json:"important"`
	Versions  []vigil.PageVersion `json:"versions"`
}

// changeDetail is GET /api/changes/{id}: the change as the visitor sees it
// and the diff view of the new version.
type changeDetail struct {
	updates.Change
	Diff change.DiffView `json:"diff"`
}

// followPage makes a user follow rawURL as a page and wakes the monitor.
func (s *Server) followPage(ctx context.Context, userID int64, rawURL string, weight float64) (*vigil.Subscription, error) {
	u, err := vigil.NormalizeFeedURL(rawURL)
	if err != nil {
		return nil, err
	}
	if err := checkWeight(weight); err != nil {
		return nil, err
	}
	sub, err := s.st.FollowPage(ctx, userID, u, weight, s.now())
	if err != nil {
		return nil, err
	}
	if s.onSubscribe != nil {
		s.onSubscribe(sub.Feed.ID)
	}
	return sub, nil
}

// apiAddPage makes the user follow a page: POST /api/pages.
func (s *Server) apiAddPage(w http.ResponseWriter, r *http.Request, u *vigil.User) error {
	var req addFeedRequest
	if err := decodeJSON(w, r, &req); err != nil {
		return err
	}
	weight := 1.0
	if req.Weight != nil {
		weight = *req.Weight
	}
	sub, err := s.followPage(r.Context(), u.ID, req.URL, weight)
	if err != nil {
		return err
	}
	writeJSON(w, http.StatusCreated, sub)
	return nil
}

// apiUpdates returns the user's Updates folder.
func (s *Server) apiUpdates(w http.ResponseWriter, r *http.Request, u *vigil.User) error {
	f, err := updates.Build(r.Context(), s.st, u.ID, s.updates)
	if err != nil {
		return err
	}
	writeJSON(w, http.StatusOK, f)
	return nil
}

// apiPage returns one followed page with history and versions.
func (s *Server) apiPage(w http.ResponseWriter, r *http.Request, u *vigil.User) error {
	id, err := pathID(r, "page")
	if err != nil {
		return err
	}
	d, err := s.pageDetail(r.Context(), u.ID, id)
	if err != nil {
		return err
	}
	writeJSON(w, http.StatusOK, d)
	return nil
}

// pageDetail gathers one page the user follows.
func (s *Server) pageDetail(ctx context.Context, userID, feedID int64) (pageDetail, error) {
	sub, err := s.st.Subscription(ctx, userID, feedID)
	if err != nil {
		return pageDetail{}, err
	}
	f, err := updates.Build(ctx, s.st, userID, s.updates)
	if err != nil {
		return pageDetail{}, err
	}
	var d pageDetail
	for _, p := range f.Pages {
		if p.Feed.ID == sub.Feed.ID {
			d.Page = p
		}
	}
	if d.Feed.ID == 0 {
		return pageDetail{}, vigil.Errorf(vigil.ENOTFOUND, "feed %d is not a watched page", feedID)
	}
	if d.Recent, d.Important, err = updates.History(ctx, s.st, userID, feedID, s.updates); err != nil {
		return pageDetail{}, err
	}
	if d.Versions, err = s.st.Versions(ctx, feedID, 50); err != nil || len(d.Versions) == 0 {
		return d, err
	}
	d.Duplicate, err = s.duplicateOf(ctx, feedID, d.Versions[0].Hash)
	return d, err
}

// duplicateOf returns another page whose latest version has hash, or nil.
func (s *Server) duplicateOf(ctx context.Context, feedID int64, hash string) (*vigil.Feed, error) {
	other, err := s.st.DuplicatePage(ctx, feedID, hash)
	if vigil.ErrorCode(err) == vigil.ENOTFOUND {
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	return s.st.Feed(ctx, other)
}

// mergePage merges a page into its duplicate (Glance et al. §3.1.4): its
// followers move to the other URL and its groups join the other's (a
// permanent move in the store, told to each follower). Only the page's
// first follower may.
func (s *Server) mergePage(ctx context.Context, userID, feedID int64) (*vigil.Feed, error) {
	d, err := s.pageDetail(ctx, userID, feedID)
	if err != nil {
		return nil, err
	}
	if d.State.OwnerID != userID {
		return nil, vigil.Errorf(vigil.ECONFLICT, "only the page's first follower may merge it")
	}
	if d.Duplicate == nil {
		return nil, vigil.Errorf(vigil.ECONFLICT, "no other page has the same content now")
	}
	return d.Duplicate, s.st.MoveFeed(ctx, feedID, d.Duplicate.URL, s.now())
}

// apiMergePage merges the page into its duplicate: POST /api/pages/{id}/merge.
func (s *Server) apiMergePage(w http.ResponseWriter, r *http.Request, u *vigil.User) error {
	id, err := pathID(r, "page")
	if err != nil {
		return err
	}
	into, err := s.mergePage(r.Context(), u.ID, id)
	if err != nil {
		return err
	}
	writeJSON(w, http.StatusOK, map[string]any{"merged_into": into.ID, "url": into.URL})
	return nil
}

// apiPageSettings sets the user's settings of a page.
func (s *Server) apiPageSettings(w http.ResponseWriter, r *http.Request, u *vigil.User) error {
	id, err := pathID(r, "page")
	if err != nil {
		return err
	}
	var req pageSettingsRequest
	if err := decodeJSON(w, r, &req); err != nil {
		return err
	}
	if err := s.setPageSettings(r.Context(), u.ID, id, req); err != nil {
		return err
	}
	pf, err := s.st.PageFollow(r.Context(), u.ID, id)
	if err != nil {
		return err
	}
	writeJSON(w, http.StatusOK, pf)
	return nil
}

// setPageSettings applies the fields of req that are set: the owner's
// first, so that a refused one leaves everything as it was.
func (s *Server) setPageSettings(ctx context.Context, userID, feedID int64, req pageSettingsRequest) error {
	pf, err := s.st.PageFollow(ctx, userID, feedID)
	if err != nil {
		return err
	}
	if req.Kinds != nil {
		if err := s.st.SetPageKinds(ctx, userID, feedID, *req.Kinds); err != nil {
			return err
		}
	}
	if req.Selector != nil {
		if err := s.st.SetPageSelector(ctx, userID, feedID, *req.Selector); err != nil {
			return err
		}
	}
	if req.Ignore != nil {
		if err := checkIgnoreRules(*req.Ignore); err != nil {
			return err
		}
		if err := s.st.SetPageIgnore(ctx, userID, feedID, *req.Ignore); err != nil {
			return err
		}
	}
	if req.Threshold == nil && req.Frequency == nil {
		return nil
	}
	if req.Threshold != nil {
		pf.Threshold = *req.Threshold
	}
	if req.Frequency != nil {
		pf.Frequency = *req.Frequency
	}
	return s.st.SetPageFollow(ctx, *pf)
}

// apiChanges lists the changes of the user's pages (?page=ID for one).
func (s *Server) apiChanges(w http.ResponseWriter, r *http.Request, u *vigil.User) error {
	q := r.URL.Query()
	page, err := queryInt(q, "page", 0, 0, 1<<62)
	if err != nil {
		return err
	}
	limit, err := queryInt(q, "limit", 50, 1, 500)
	if err != nil {
		return err
	}
	views, err := s.changeViews(r.Context(), u.ID, int64(page), limit)
	if err != nil {
		return err
	}
	writeJSON(w, http.StatusOK, map[string]any{"changes": views})
	return nil
}

// apiChange returns one change with its diff view.
func (s *Server) apiChange(w http.ResponseWriter, r *http.Request, u *vigil.User) error {
	id, err := pathID(r, "change")
	if err != nil {
		return err
	}
	d, err := s.changeDetail(r.Context(), u.ID, id)
	if err != nil {
		return err
	}
	writeJSON(w, http.StatusOK, d)
	return nil
}

// apiRate records the user's rating of a change.
func (s *Server) apiRate(w http.ResponseWriter, r *http.Request, u *vigil.User) error {
	id, err := pathID(r, "change")
	if err != nil {
		return err
	}
	var req rateRequest
	if err := decodeJSON(w, r, &req); err != nil {
		return err
	}
	if err := s.st.Evaluate(r.Context(), vigil.Evaluation{ChangeID: id, UserID: u.ID, Rating: req.Rating, Comment: req.Comment, At: s.now()}); err != nil {
		return err
	}
	d, err := s.changeDetail(r.Context(), u.ID, id)
	if err != nil {
		return err
	}
	writeJSON(w, http.StatusOK, d.Change)
	return nil
}

// checkIgnoreRules refuses an ignore rule that is not a regular expression.
func checkIgnoreRules(rules []string) error {
	for _, r := range rules {
		if _, err := regexp.Compile(r); err != nil {
			return vigil.Errorf(vigil.EINVALID, "ignore rule %q is not a regular expression: %s", r, strings.TrimPrefix(err.Error(), "error parsing regexp: "))
		}
	}
	return nil
}
