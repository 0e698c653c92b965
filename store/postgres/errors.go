package postgres

import (
	"errors"
	"fmt"

	"vigil/store"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"
)

// SQLSTATE codes the store tells apart.
const (
	uniqueViolation     = "23505"
	foreignKeyViolation = "23503"
)

// wrap prefixes err with the operation that failed.
func wrap(op string, err error) error {
	return fmt.Errorf("postgres: unable to %s: %w", op, err)
}

// wrapIf wraps a non-nil err like wrap and passes nil through.
func wrapIf(op string, err error) error {
	if err == nil {
		return nil
	}
	return wrap(op, err)
}

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

// list scans every row a query returned with scan and closes the rows; a
// failed query or scan is wrapped by op.
func list[T any](rows pgx.Rows, err error, op string, scan func(store.Row) (*T, error)) ([]T, error) {
	if err != nil {
		return nil, wrap(op, err)
	}
	out, err := collect(rows, scan)
	return out, wrapIf(op, err)
}
