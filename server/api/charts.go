package api

import (
	"net/http"

	"vigil"
	"vigil/server/internal/reading"
)

// FeedChart serves GET /api/feeds/{id}/chart.svg?kind=daily|weekly|observations.
func (s *Handlers) FeedChart(w http.ResponseWriter, r *http.Request, u *vigil.User) error {
	id, err := reading.PathID(r, "feed")
	if err != nil {
		return err
	}
	svg, err := s.reading.FeedChartSVG(r.Context(), u.ID, id, reading.ChartKind(r))
	if err != nil {
		return err
	}
	reading.WriteSVG(w, svg)
	return nil
}
