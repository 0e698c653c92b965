package sqlflow

import "vigil/store"

// list scans every row a query returned with scan and closes the rows; a
// failed query or scan is wrapped by op.
func list[T any](d *Dialect, rows Rows, err error, op string, scan func(store.Row) (*T, error)) ([]T, error) {
	if err != nil {
		return nil, d.Wrap(op, err)
	}
	defer rows.Close()
	out, err := store.Collect(rows, scan)
	return out, d.WrapIf(op, err)
}
