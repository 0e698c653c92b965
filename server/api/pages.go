package api

import (
	"net/http"

	"vigil"
	"vigil/server/internal/reading"
	"vigil/updates"
)

// rateRequest is the body of POST /api/changes/{id}/rating.
type rateRequest struct {
	Rating  string `json:"rating"`
	Comment string `json:"comment"`
}

// AddPage makes the user follow a page: POST /api/pages.
func (s *Handlers) AddPage(w http.ResponseWriter, r *http.Request, u *vigil.User) error {
	var req addFeedRequest
	if err := decodeJSON(w, r, &req); err != nil {
		return err
	}
	weight := 1.0
	if req.Weight != nil {
		weight = *req.Weight
	}
	sub, err := s.reading.FollowPage(r.Context(), u.ID, req.URL, weight)
	if err != nil {
		return err
	}
	writeJSON(w, http.StatusCreated, sub)
	return nil
}

// Updates returns the user's Updates folder.
func (s *Handlers) Updates(w http.ResponseWriter, r *http.Request, u *vigil.User) error {
	f, err := updates.Build(r.Context(), s.st, u.ID, s.reading.Updates())
	if err != nil {
		return err
	}
	writeJSON(w, http.StatusOK, f)
	return nil
}

// Page returns one followed page with history and versions.
func (s *Handlers) Page(w http.ResponseWriter, r *http.Request, u *vigil.User) error {
	id, err := reading.PathID(r, "page")
	if err != nil {
		return err
	}
	d, err := s.reading.PageDetail(r.Context(), u.ID, id)
	if err != nil {
		return err
	}
	writeJSON(w, http.StatusOK, d)
	return nil
}

// MergePage merges the page into its duplicate: POST /api/pages/{id}/merge.
func (s *Handlers) MergePage(w http.ResponseWriter, r *http.Request, u *vigil.User) error {
	id, err := reading.PathID(r, "page")
	if err != nil {
		return err
	}
	into, err := s.reading.MergePage(r.Context(), u.ID, id)
	if err != nil {
		return err
	}
	writeJSON(w, http.StatusOK, map[string]any{"merged_into": into.ID, "url": into.URL})
	return nil
}

// PageSettings sets the user's settings of a page.
func (s *Handlers) PageSettings(w http.ResponseWriter, r *http.Request, u *vigil.User) error {
	id, err := reading.PathID(r, "page")
	if err != nil {
		return err
	}
	var req reading.PageSettings
	if err := decodeJSON(w, r, &req); err != nil {
		return err
	}
	if err := s.reading.SetPageSettings(r.Context(), u.ID, id, req); err != nil {
		return err
	}
	pf, err := s.st.PageFollow(r.Context(), u.ID, id)
	if err != nil {
		return err
	}
	writeJSON(w, http.StatusOK, pf)
	return nil
}

// Changes lists the changes of the user's pages (?page=ID for one).
func (s *Handlers) Changes(w http.ResponseWriter, r *http.Request, u *vigil.User) error {
	q := r.URL.Query()
	page, err := reading.QueryInt(q, "page", 0, 0, 1<<62)
	if err != nil {
		return err
	}
	limit, err := reading.QueryInt(q, "limit", 50, 1, 500)
	if err != nil {
		return err
	}
	views, err := s.reading.ChangeViews(r.Context(), u.ID, int64(page), limit)
	if err != nil {
		return err
	}
	writeJSON(w, http.StatusOK, map[string]any{"changes": views})
	return nil
}

// Change returns one change with its diff view, laid out as the query
// says (reading.ParseDiffQuery).
func (s *Handlers) Change(w http.ResponseWriter, r *http.Request, u *vigil.User) error {
	id, err := reading.PathID(r, "change")
	if err != nil {
		return err
	}
	q, err := reading.ParseDiffQuery(r.URL.Query())
	if err != nil {
		return err
	}
	d, err := s.reading.ChangeDiff(r.Context(), u.ID, id, q)
	if err != nil {
		return err
	}
	writeJSON(w, http.StatusOK, d)
	return nil
}

// Rate records the user's rating of a change.
func (s *Handlers) Rate(w http.ResponseWriter, r *http.Request, u *vigil.User) error {
	id, err := reading.PathID(r, "change")
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
	c, err := s.st.Change(r.Context(), u.ID, id)
	if err != nil {
		return err
	}
	v, err := s.reading.ChangeView(r.Context(), u.ID, *c)
	if err != nil {
		return err
	}
	writeJSON(w, http.StatusOK, v)
	return nil
}
