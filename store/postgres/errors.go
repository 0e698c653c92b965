package postgres

import (
	"errors"
	"fmt"

	"vigil"
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

// errReadOnly is why a store on a read-only session cannot serve.
var errReadOnly = errors.New("the database session is read-only")

// found returns v read by a query for one row, err nil; ENOTFOUND with the
// formatted message when there was no row; otherwise err, wrapped by op.
func found[T any](v *T, err error, op, format string, args ...any) (*T, error) {
	if errors.Is(err, pgx.ErrNoRows) {
		return nil, vigil.Errorf(vigil.ENOTFOUND, format, args...)
	}
	if err != nil {
		return nil, wrap(op, err)
	}
	return v, nil
}

// requireRow turns a statement that touched no row into ENOTFOUND.
func requireRow(n int64, format string, args ...any) error {
	if n == 0 {
		return vigil.Errorf(vigil.ENOTFOUND, format, args...)
	}
	return nil
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
