package server

import (
	"context"

	"vigil"
)

// openItem records that the user opened it now, which also marks it read,
// and updates it to match: what a reader opens teaches vigil their
// interests.
func (s *Server) openItem(ctx context.Context, userID int64, it *vigil.Item) error {
	if err := s.st.MarkOpened(ctx, userID, it.ID, s.now()); err != nil {
		return err
	}
	it.Read = true
	return nil
}
