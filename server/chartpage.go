package server

import (
	"net/http"

	"vigil/server/internal/reading"
)

// feedChartPage serves the same charts to a signed-in visitor, for the
// pages' image links.
func (s *Server) feedChartPage(w http.ResponseWriter, r *http.Request, sess *session) error {
	id, err := reading.PathID(r, "feed")
	if err != nil {
		return err
	}
	svg, err := s.FeedChartSVG(r.Context(), sess.User.ID, id, reading.ChartKind(r))
	if err != nil {
		return err
	}
	reading.WriteSVG(w, svg)
	return nil
}
