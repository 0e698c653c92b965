package sqlflow

import (
	"context"
	"time"

	"vigil"
	"vigil/store"
)

// AddNotice leaves a notice for a user unless one with the same text is
// there already (a duplicate page found at every fetch is told once).
func (s *Store) AddNotice(ctx context.Context, userID int64, text string, at time.Time) error {
	if err := store.CheckNotice(text); err != nil {
		return err
	}
	_, err := s.conn.Write().Exec(ctx, s.sql.AddNotice, userID, store.Nanos(at), s.d.text(text))
	if s.d.IsForeignKey(err) {
		return vigil.Errorf(vigil.ENOTFOUND, "user %d not found", userID)
	}
	return s.d.WrapIf("add notice", err)
}
