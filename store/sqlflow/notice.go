package sqlflow

import (
	"context"
	"time"

	"vigil"
	"vigil/store"
)

// NoticeSQL is the text of the notice statements.
type NoticeSQL struct {
	// Add leaves the user $1 the notice text $3 at $2 unless the user has
	// one with that text.
	Add string
	// List returns the notices of the user $1, newest first, for
	// store.ScanNotice.
	List string
}

// AddNotice leaves a notice for a user unless one with the same text is
// there already (a duplicate page found at every fetch is told once).
func (s *Store) AddNotice(ctx context.Context, userID int64, text string, at time.Time) error {
	if err := store.CheckNotice(text); err != nil {
		return err
	}
	_, err := s.conn.Write().Exec(ctx, s.sql.Notice.Add, userID, store.Nanos(at), s.d.text(text))
	if s.d.IsForeignKey(err) {
		return vigil.Errorf(vigil.ENOTFOUND, "user %d not found", userID)
	}
	return s.d.WrapIf("add notice", err)
}

// Notices lists the user's notices, newest first.
func (s *Store) Notices(ctx context.Context, userID int64) ([]vigil.Notice, error) {
	rows, err := s.conn.Read().Query(ctx, s.sql.Notice.List, userID)
	return list(&s.d, rows, err, "list notices", store.ScanNotice)
}
