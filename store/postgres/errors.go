package postgres

import (
	"errors"

	"vigil/store"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"
)

// SQLSTATE codes the store tells apart.
const (
	uniqueViolation     = "23505"
	foreignKeyViolation = "23503"
	lockNotAvailable    = "55P03" // a lock not granted within lock_timeout
)

// violated returns the name of the constraint err violated with the given
// SQLSTATE code, and whether it did.
func violated(err error, code string) (string, bool) {
	var e *pgconn.PgError
	if errors.As(err, &e) && e.Code == code {
		return e.ConstraintName, true
	}
	return "", false
}

// isUnique reports whether err is a violated UNIQUE or PRIMARY KEY constraint.
func isUnique(err error) bool {
	_, ok := violated(err, uniqueViolation)
	return ok
}

// isForeignKey reports whether err is a violated foreign key constraint.
func isForeignKey(err error) bool {
	_, ok := violated(err, foreignKeyViolation)
	return ok
}

// collect reads every row with scan and closes rows.
func collect[T any](rows pgx.Rows, scan func(store.Row) (*T, error)) ([]T, error) {
	defer rows.Close()
	return store.Collect(rows, scan)
}
