package reading

import (
	"context"
	"regexp"
	"strings"

	"vigil"
	"vigil/change"
	"vigil/store"
	"vigil/updates"
)

// PageSettings is the body of PUT /api/pages/{id}/settings: a
// follower's threshold, group and conditions, and (the owner only) the
// kinds monitored, the selector, the ignore rules and how the page is
// read (rendered, waiting for a selector, XPath, jq). Absent fields stay
// as they are.
type PageSettings struct {
	Threshold  *string            `json:"threshold"`
	Frequency  *string            `json:"frequency"`
	Conditions *[]vigil.Condition `json:"conditions"`
	Kinds      *[]string          `json:"kinds"`
	Selector   *string            `json:"selector"`
	Ignore     *[]string          `json:"ignore"`
	Render     *bool              `json:"render"`
	WaitFor    *string            `json:"wait_for"`
	XPath      *string            `json:"xpath"`
	JQ         *string            `json:"jq"`
	// Returns is how many of the page's last states tell a return
	// (vigil.Page.Returns).
	Returns *int `json:"returns"`
}

// PageDetail is GET /api/pages/{id}: the page with the visitor's settings,
// its document history and its versions.
type PageDetail struct {
	updates.Page
	// Duplicate is another watched page with the same latest content.
	Duplicate *vigil.Feed         `json:"duplicate,omitempty"`
	Recent    []updates.Change    `json:"recent"`
	Important []updates.Change    `json:"important"`
	Versions  []vigil.PageVersion `json:"versions"`
	// Noise are the items learned to be noise (change.NoiseStats) and left
	// out of the measures: blocks, numbers of blocks, alternating blocks
	// and rotating link parameters, with when each was learned. The
	// page's owner may undo each (ForgetNoise).
	Noise []change.NoiseItem `json:"noise"`
}

// ChangeDetail is GET /api/changes/{id}: the change as the visitor sees it
// and the diff view of the new version.
type ChangeDetail struct {
	updates.Change
	// From and To are the versions compared (by default the change's).
	From int64           `json:"from"`
	To   int64           `json:"to"`
	Diff change.DiffView `json:"diff"`
	// Versions are the page's versions, newest first, to pick others.
	Versions []vigil.PageVersion `json:"-"`
}

// FollowPage makes a user follow rawURL as a page and wakes the monitor.
func (s *Service) FollowPage(ctx context.Context, userID int64, rawURL string, weight float64) (*vigil.Subscription, error) {
	u, err := vigil.NormalizeFeedURL(rawURL)
	if err != nil {
		return nil, err
	}
	if err := CheckWeight(weight); err != nil {
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

// PageDetail gathers one page the user follows.
func (s *Service) PageDetail(ctx context.Context, userID, feedID int64) (PageDetail, error) {
	sub, err := s.st.Subscription(ctx, userID, feedID)
	if err != nil {
		return PageDetail{}, err
	}
	f, err := updates.Build(ctx, s.st, userID, s.updates)
	if err != nil {
		return PageDetail{}, err
	}
	var d PageDetail
	for _, p := range f.Pages {
		if p.Feed.ID == sub.Feed.ID {
			d.Page = p
		}
	}
	if d.Feed.ID == 0 {
		return PageDetail{}, vigil.Errorf(vigil.ENOTFOUND, "feed %d is not a watched page", feedID)
	}
	d.Noise = store.PageNoise(&d.State)
	if d.Recent, d.Important, err = updates.History(ctx, s.st, userID, feedID, s.updates); err != nil {
		return PageDetail{}, err
	}
	if d.Versions, err = s.st.Versions(ctx, feedID, 50); err != nil || len(d.Versions) == 0 {
		return d, err
	}
	d.Duplicate, err = s.duplicateOf(ctx, feedID, d.Versions[0].Hash)
	return d, err
}

// ForgetNoise undoes a learned noise item of a page the user follows
// (store.ForgetPageNoise): only the page's owner may.
func (s *Service) ForgetNoise(ctx context.Context, userID, feedID int64, key string) error {
	if _, err := s.st.PageFollow(ctx, userID, feedID); err != nil {
		return err
	}
	return store.ForgetPageNoise(ctx, s.st, userID, feedID, key)
}

// duplicateOf returns another page whose latest version has hash, or nil.
func (s *Service) duplicateOf(ctx context.Context, feedID int64, hash string) (*vigil.Feed, error) {
	other, err := s.st.DuplicatePage(ctx, feedID, hash)
	if vigil.ErrorCode(err) == vigil.ENOTFOUND {
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	return s.st.Feed(ctx, other)
}

// MergePage merges a page into its duplicate (Glance et al. §3.1.4): its
// followers move to the other URL and its groups join the other's (a
// permanent move in the store, told to each follower). Only the page's
// first follower may.
func (s *Service) MergePage(ctx context.Context, userID, feedID int64) (*vigil.Feed, error) {
	d, err := s.PageDetail(ctx, userID, feedID)
	if err != nil {
		return nil, err
	}
	if d.State.OwnerID != userID {
		return nil, vigil.Errorf(vigil.ECONFLICT, "only the page's first follower may merge it")
	}
	if d.Duplicate == nil {
		return nil, vigil.Errorf(vigil.ECONFLICT, "no other page has the same content now")
	}
	_, err = s.st.MoveFeed(ctx, feedID, d.Duplicate.URL, s.now())
	return d.Duplicate, err
}

// SetPageSettings applies the fields of req that are set: the owner's
// first, so that a refused one leaves everything as it was.
func (s *Service) SetPageSettings(ctx context.Context, userID, feedID int64, req PageSettings) error {
	pf, err := s.st.PageFollow(ctx, userID, feedID)
	if err != nil {
		return err
	}
	if req.Conditions != nil {
		if _, err := store.ConditionsJSON(*req.Conditions); err != nil {
			return err // checked first: a refused condition stores nothing
		}
	}
	if err := s.setReading(ctx, userID, feedID, req); err != nil {
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
	if req.Returns != nil {
		if err := s.st.SetPageReturns(ctx, userID, feedID, *req.Returns); err != nil {
			return err
		}
	}
	if req.Conditions != nil {
		if err := s.st.SetPageConditions(ctx, userID, feedID, *req.Conditions); err != nil {
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

// setReading stores the reading settings req sets, over the page's own.
func (s *Service) setReading(ctx context.Context, userID, feedID int64, req PageSettings) error {
	if req.Render == nil && req.WaitFor == nil && req.XPath == nil && req.JQ == nil {
		return nil
	}
	p, err := s.st.Page(ctx, feedID)
	if err != nil {
		return err
	}
	r := p.PageReading
	if req.Render != nil {
		r.Render = *req.Render
	}
	if req.WaitFor != nil {
		r.WaitFor = *req.WaitFor
	}
	if req.XPath != nil {
		r.XPath = *req.XPath
	}
	if req.JQ != nil {
		r.JQ = *req.JQ
	}
	return s.st.SetPageReading(ctx, userID, feedID, r)
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
