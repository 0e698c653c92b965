package web

import (
	"net/http"

	"vigil/server/internal/reading"
)

// FeedChartPage serves the same charts to a signed-in visitor, for the
// pages' image links.
func (s *Handlers) FeedChartPage(w http.ResponseWriter, r *http.Request, sess *session) error {
	id, err := reading.PathID(r, "feed")
	if err != nil {
		return err
	}
	svg, err := s.reading.FeedChartSVG(r.Context(), sess.User.ID, id, reading.ChartKind(r))
	if err != nil {
		return err
	}
	reading.WriteSVG(w, svg)
	return nil
}
