package sqlflow

import (
	"errors"
	"fmt"

	"vigil"
)

// Dialect is what differs between the stores beyond their SQL.
type Dialect struct {
	// Name starts every error message the store returns ("sqlite").
	Name string
	// Text returns what a text column can hold of s; nil keeps s as it is.
	Text func(s string) string `sqlflow:"optional"`
	// IsUnique reports whether err is a violated UNIQUE or PRIMARY KEY
	// constraint.
	IsUnique func(err error) bool
	// IsForeignKey reports whether err is a violated foreign key constraint.
	IsForeignKey func(err error) bool
	// IsUniqueOn reports whether err is a violated UNIQUE constraint on the
	// column of table.
	IsUniqueOn func(err error, table, column string) bool
	// Placeholder returns the placeholder of the nth argument, from 1.
	Placeholder func(n int) string
	// Storable reports whether a text column holds s as it is; nil: any
	// valid UTF-8.
	Storable func(s string) bool `sqlflow:"optional"`
	// TermDeltas encodes document frequency changes as the arguments of
	// the statements that take them.
	TermDeltas func(delta map[string]int64) ([]any, error)
	// NoLimit is the LIMIT argument that limits nothing (nil: NULL).
	NoLimit any
	// IDs encodes a list of IDs as the argument of the statements that
	// take one.
	IDs func(ids []int64) (any, error)
	// Keys encodes a list of texts (item keys) as the argument of the
	// statements that take one.
	Keys func(keys []string) (any, error)
}

// Wrap prefixes err with the store's name and the operation that failed.
func (d *Dialect) Wrap(op string, err error) error {
	return fmt.Errorf("%s: unable to %s: %w", d.Name, op, err)
}

// WrapIf wraps a non-nil err like Wrap and passes nil through.
func (d *Dialect) WrapIf(op string, err error) error {
	if err == nil {
		return nil
	}
	return d.Wrap(op, err)
}

// text returns what a text column holds of s.
func (d *Dialect) text(s string) string {
	if d.Text == nil {
		return s
	}
	return d.Text(s)
}

// found returns v read by a query for one row, err nil; ENOTFOUND with the
// formatted message when there was no row; otherwise err, wrapped by op.
func found[T any](d *Dialect, v *T, err error, op, format string, args ...any) (*T, error) {
	if errors.Is(err, ErrNoRows) {
		return nil, vigil.Errorf(vigil.ENOTFOUND, format, args...)
	}
	if err != nil {
		return nil, d.Wrap(op, err)
	}
	return v, nil
}

// requireRow returns ENOTFOUND with the formatted message when a statement
// affected no row.
func requireRow(n int64, format string, args ...any) error {
	if n == 0 {
		return vigil.Errorf(vigil.ENOTFOUND, format, args...)
	}
	return nil
}
