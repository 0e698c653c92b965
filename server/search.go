package server

import (
	"context"
	"net/http"
	"strings"
	"unicode/utf8"

	"vigil"
)

// maxQueryLength bounds the characters of a search query: enough for any
// question a person types, short enough that no query is costly.
const maxQueryLength = 500

// searchAnswer is the body of a GET /api/search answer.
type searchAnswer struct {
	Items []vigil.Item `json:"items"`
}

// apiSearch ranks the items of the user's feeds by relevance to the words
// of the q parameter, best first, at most the limit parameter of them.
func (s *Server) apiSearch(w http.ResponseWriter, r *http.Request, u *vigil.User) error {
	params := r.URL.Query()
	text := params.Get("q")
	if strings.TrimSpace(text) == "" {
		return vigil.Errorf(vigil.EINVALID, "parameter q is required: the words to search for")
	}
	limit, err := queryInt(params, "limit", defaultItemLimit, 1, maxItemLimit)
	if err != nil {
		return err
	}
	found, err := s.search(r.Context(), u.ID, text, limit)
	if vigil.ErrorCode(err) == vigil.EINVALID {
		return vigil.Errorf(vigil.EINVALID, "parameter q: %s", vigil.ErrorMessage(err))
	}
	if err != nil {
		return err
	}
	writeJSON(w, http.StatusOK, searchAnswer{Items: found})
	return nil
}

// search returns up to limit items of the user's feeds ranked by relevance
// to text, best first, sanitised. A query that is too long or has no word
// to search for is EINVALID.
func (s *Server) search(ctx context.Context, userID int64, text string, limit int) ([]vigil.Item, error) {
	if n := utf8.RuneCountInString(text); n > maxQueryLength {
		return nil, vigil.Errorf(vigil.EINVALID, "the search query has %d characters, more than the limit of %d", n, maxQueryLength)
	}
	found, err := s.st.SearchItems(ctx, userID, text, limit)
	if err != nil {
		return nil, err
	}
	out := make([]vigil.Item, len(found))
	for i, it := range found {
		out[i] = s.sanitiseItem(it)
	}
	return out, nil
}
