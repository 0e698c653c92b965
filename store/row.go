package store

// Row is one result row as both SQL drivers hand it over (*sql.Row,
// *sql.Rows, pgx.Row, pgx.Rows): the shared scan functions read through it.
type Row interface {
	Scan(dest ...any) error
}

// Collect scans every row of rows (see Rows in feedrefrows.go) with scan;
// it does not close rows.
func Collect[T any](rows Rows, scan func(Row) (*T, error)) ([]T, error) {
	var out []T
	for rows.Next() {
		v, err := scan(rows)
		if err != nil {
			return nil, err
		}
		out = append(out, *v)
	}
	return out, rows.Err()
}

// EachPair hands the two columns of every row of rows to fn, stopping at
// its first error; it does not close rows.
func EachPair[K, V any](rows Rows, fn func(K, V) error) error {
	for rows.Next() {
		var k K
		var v V
		if err := rows.Scan(&k, &v); err != nil {
			return err
		}
		if err := fn(k, v); err != nil {
			return err
		}
	}
	return rows.Err()
}
