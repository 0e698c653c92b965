package server

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
	sub, err := s.FollowPage(r.Context(), u.ID, req.URL, weight)
	if err != nil {
		return err
	}
	writeJSON(w, http.StatusCreated, sub)
	return nil
}

// apiUpdates returns the user's Updates folder.
func (s *Server) apiUpdates(w http.ResponseWriter, r *http.Request, u *vigil.User) error {
	f, err := updates.Build(r.Context(), s.st, u.ID, s.Updates())
	if err != nil {
		return err
	}
	writeJSON(w, http.StatusOK, f)
	return nil
}

// apiPage returns one followed page with history and versions.
func (s *Server) apiPage(w http.ResponseWriter, r *http.Request, u *vigil.User) error {
	id, err := reading.PathID(r, "page")
	if err != nil {
		return err
	}
	d, err := s.PageDetail(r.Context(), u.ID, id)
	if err != nil {
		return err
	}
	writeJSON(w, http.StatusOK, d)
	return nil
}

// apiMergePage merges the page into its duplicate: POST /api/pages/{id}/merge.
func (s *Server) apiMergePage(w http.ResponseWriter, r *http.Request, u *vigil.User) error {
	id, err := reading.PathID(r, "page")
	if err != nil {
		return err
	}
	into, err := s.MergePage(r.Context(), u.ID, id)
	if err != nil {
		return err
	}
	writeJSON(w, http.StatusOK, map[string]any{"merged_into": into.ID, "url": into.URL})
	return nil
}

// apiPageSettings sets the user's settings of a page.
func (s *Server) apiPageSettings(w http.ResponseWriter, r *http.Request, u *vigil.User) error {
	id, err := reading.PathID(r, "page")
	if err != nil {
		return err
	}
	var req reading.PageSettings
	if err := decodeJSON(w, r, &req); err != nil {
		return err
	}
	if err := s.SetPageSettings(r.Context(), u.ID, id, req); err != nil {
		return err
	}
	pf, err := s.st.PageFollow(r.Context(), u.ID, id)
	if err != nil {
		return err
	}
	writeJSON(w, http.StatusOK, pf)
	return nil
}

// apiChanges lists the changes of the user's pages (?page=ID for one).
func (s *Server) apiChanges(w http.ResponseWriter, r *http.Request, u *vigil.User) error {
	q := r.URL.Query()
	page, err := reading.QueryInt(q, "page", 0, 0, 1<<62)
	if err != nil {
		return err
	}
	limit, err := reading.QueryInt(q, "limit", 50, 1, 500)
	if err != nil {
		return err
	}
	views, err := s.ChangeViews(r.Context(), u.ID, int64(page), limit)
	if err != nil {
		return err
	}
	writeJSON(w, http.StatusOK, map[string]any{"changes": views})
	return nil
}

// apiChange returns one change with its diff view.
func (s *Server) apiChange(w http.ResponseWriter, r *http.Request, u *vigil.User) error {
	id, err := reading.PathID(r, "change")
	if err != nil {
		return err
	}
	d, err := s.ChangeDetail(r.Context(), u.ID, id)
	if err != nil {
		return err
	}
	writeJSON(w, http.StatusOK, d)
	return nil
}

// apiRate records the user's rating of a change.
func (s *Server) apiRate(w http.ResponseWriter, r *http.Request, u *vigil.User) error {
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
	d, err := s.ChangeDetail(r.Context(), u.ID, id)
	if err != nil {
		return err
	}
	writeJSON(w, http.StatusOK, d.Change)
	return nil
}
