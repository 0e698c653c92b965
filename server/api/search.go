package api

import (
	"net/http"
	"strings"

	"vigil"
	"vigil/server/internal/reading"
)

// SearchAnswer is the body of a GET /api/search answer.
type SearchAnswer struct {
	Items []vigil.Item `json:"items"`
}

// Search ranks the items of the user's feeds by relevance to the words
// of the q parameter, best first, at most the limit parameter of them.
func (s *Handlers) Search(w http.ResponseWriter, r *http.Request, u *vigil.User) error {
	params := r.URL.Query()
	text := params.Get("q")
	if strings.TrimSpace(text) == "" {
		return vigil.Errorf(vigil.EINVALID, "parameter q is required: the words to search for")
	}
	limit, err := reading.QueryInt(params, "limit", reading.DefaultItemLimit, 1, reading.MaxItemLimit)
	if err != nil {
		return err
	}
	found, err := s.reading.Search(r.Context(), u.ID, text, limit)
	if vigil.ErrorCode(err) == vigil.EINVALID {
		return vigil.Errorf(vigil.EINVALID, "parameter q: %s", vigil.ErrorMessage(err))
	}
	if err != nil {
		return err
	}
	writeJSON(w, http.StatusOK, SearchAnswer{Items: found})
	return nil
}
