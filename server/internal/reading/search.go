package reading

import (
	"context"
	"unicode/utf8"

	"vigil"
)

// MaxQueryLength bounds the characters of a search query: enough for any
// question a person types, short enough that no query is costly.
const MaxQueryLength = 500

// Search returns up to limit items of the user's feeds ranked by relevance
// to text, best first, sanitised. A query that is too long or has no word
// to search for is EINVALID.
func (s *Service) Search(ctx context.Context, userID int64, text string, limit int) ([]vigil.Item, error) {
	if n := utf8.RuneCountInString(text); n > MaxQueryLength {
		return nil, vigil.Errorf(vigil.EINVALID, "the search query has %d characters, more than the limit of %d", n, MaxQueryLength)
	}
	found, err := s.st.SearchItems(ctx, userID, text, limit)
	if err != nil {
		return nil, err
	}
	out := make([]vigil.Item, len(found))
	for i, it := range found {
		out[i] = s.SanitiseItem(it)
	}
	return out, nil
}
