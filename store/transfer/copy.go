package transfer

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"net/url"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"github.com/jackc/pgx/v5"
	"github.com/klauspost/compress/zstd"

	"vigil"
	"vigil/store/itembody"
	"vigil/store/postgres"
	"vigil/store/sqlite"
)

// sourceVersion is the schema version of the embedded store the copy
// knows every table of.
const sourceVersion = 14

// TableReport is what was copied of one table.
type TableReport struct {
	Name     string
	Rows     int64
	Checksum string // SHA-256 over the rows, equal on both sides
}

// Copy copies the SQLite installation at path into to, which must hold no
// data, in one transaction, keeping every ID, and rebuilds the full-text
// index. Before committing it reads every table back from PostgreSQL and
// compares its row count and checksum with the source's; any difference,
// like any error, rolls everything back. The source is opened read-only
// (after store/sqlite has checked it and brought its schema up to date).
func Copy(ctx context.Context, path string, to *postgres.DB) ([]TableReport, error) {
	src, err := openSource(path)
	if err != nil {
		return nil, err
	}
	defer src.Close()
	tx, err := to.Pool().Begin(ctx)
	if err != nil {
		return nil, fmt.Errorf("transfer: unable to begin: %w", err)
	}
	defer tx.Rollback(ctx)
	if err := requireEmpty(ctx, tx); err != nil {
		return nil, err
	}
	var reports []TableReport
	for _, t := range tables {
		r, err := copyTable(ctx, src, tx, t)
		if err != nil {
			return nil, err
		}
		reports = append(reports, r)
	}
	if err := tx.Commit(ctx); err != nil {
		return nil, fmt.Errorf("transfer: unable to commit: %w", err)
	}
	return reports, nil
}

// openSource checks the SQLite file with store/sqlite (which refuses a file
// that is not a vigil database and migrates an older one) and opens it
// read-only; a missing file (which store/sqlite would create) and a table
// the copy does not know are refused.
func openSource(path string) (*sql.DB, error) {
	if _, err := os.Stat(path); err != nil {
		return nil, vigil.Errorf(vigil.EINVALID, "there is no SQLite database to copy at %s", path)
	}
	db, err := sqlite.Open(path)
	if err != nil {
		return nil, err
	}
	abs := db.Path()
	if err := db.Close(); err != nil {
		return nil, err
	}
	u := url.URL{Scheme: "file", Path: filepath.ToSlash(abs), RawQuery: "mode=ro&_pragma=busy_timeout(10000)"}
	src, err := sql.Open("sqlite", u.String())
	if err != nil {
		return nil, fmt.Errorf("transfer: unable to open %s: %w", abs, err)
	}
	if err := checkSource(src, abs); err != nil {
		src.Close()
		return nil, err
	}
	return src, nil
}

// checkSource refuses a source whose schema is not the one the copy knows.
func checkSource(src *sql.DB, abs string) error {
	var version int
	if err := src.QueryRow(`PRAGMA user_version`).Scan(&version); err != nil {
		return fmt.Errorf("transfer: unable to read the schema version of %s: %w", abs, err)
	}
	if version != sourceVersion {
		return vigil.Errorf(vigil.EINVALID, "%s has schema version %d; this vigil migrates version %d only", abs, version, sourceVersion)
	}
	rows, err := src.Query(`SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'`)
	if err != nil {
		return fmt.Errorf("transfer: unable to list the tables of %s: %w", abs, err)
	}
	defer rows.Close()
	var unknown []string
	for rows.Next() {
		var name string
		if err := rows.Scan(&name); err != nil {
			return fmt.Errorf("transfer: unable to list the tables of %s: %w", abs, err)
		}
		if !sqliteOnly[name] && !slices.ContainsFunc(tables, func(t table) bool { return t.name == name }) {
			unknown = append(unknown, name)
		}
	}
	if len(unknown) > 0 {
		return vigil.Errorf(vigil.EINVALID, "%s has tables this vigil cannot migrate: %s", abs, strings.Join(unknown, ", "))
	}
	return rows.Err()
}

// requireEmpty refuses a target that holds any data (the profiler's
// initial row aside).
func requireEmpty(ctx context.Context, tx pgx.Tx) error {
	for _, t := range tables {
		query := `SELECT EXISTS (SELECT 1 FROM ` + t.name + `)`
		if t.name == "profiler" {
			query = `SELECT EXISTS (SELECT 1 FROM profiler WHERE through <> 0 OR documents <> 0)`
		}
		var any bool
		if err := tx.QueryRow(ctx, query).Scan(&any); err != nil {
			return fmt.Errorf("transfer: unable to check that the target is empty: %w", err)
		}
		if any {
			return vigil.Errorf(vigil.ECONFLICT, "the target database is not empty (table %s has rows): vigil migrate copies into an empty database only", t.name)
		}
	}
	_, err := tx.Exec(ctx, `DELETE FROM profiler`)
	return err
}

// copyTable copies one table, continues its identity after the copied IDs,
// and compares the two sides.
func copyTable(ctx context.Context, src *sql.DB, tx pgx.Tx, t table) (TableReport, error) {
	rows, err := src.QueryContext(ctx, `SELECT `+strings.Join(t.columns, ", ")+` FROM `+t.name+` ORDER BY `+t.order)
	if err != nil {
		return TableReport{}, fmt.Errorf("transfer: unable to read %s: %w", t.name, err)
	}
	defer rows.Close()
	in := newChecksum()
	copier := &rowCopier{rows: rows, t: t, sum: in, vals: make([]any, len(t.columns)), items: t.name == "items"}
	columns := t.columns
	if copier.items {
		if copier.bodies, err = itembody.New(zstd.SpeedDefault); err != nil {
			return TableReport{}, fmt.Errorf("transfer: %w", err)
		}
		columns = append(slices.Clone(t.columns), "search_text")
	}
	n, err := tx.CopyFrom(ctx, pgx.Identifier{t.name}, columns, copier)
	if err != nil {
		return TableReport{}, fmt.Errorf("transfer: unable to copy %s: %w", t.name, err)
	}
	if err := restartIdentity(ctx, tx, t); err != nil {
		return TableReport{}, err
	}
	return verify(ctx, tx, t, in, n)
}

// restartIdentity makes new rows of t take IDs after the copied ones.
func restartIdentity(ctx context.Context, tx pgx.Tx, t table) error {
	if t.identity == "" {
		return nil
	}
	_, err := tx.Exec(ctx, fmt.Sprintf(`SELECT setval(pg_get_serial_sequence('%[1]s', '%[2]s'),
		COALESCE((SELECT max(%[2]s) FROM %[1]s), 0) + 1, false)`, t.name, t.identity))
	if err != nil {
		return fmt.Errorf("transfer: unable to continue the IDs of %s: %w", t.name, err)
	}
	return nil
}

// verify reads t back from PostgreSQL and compares it with the source.
func verify(ctx context.Context, tx pgx.Tx, t table, in *checksum, copied int64) (TableReport, error) {
	order := t.order
	if t.text {
		order += ` COLLATE "C"`
	}
	rows, err := tx.Query(ctx, `SELECT `+strings.Join(t.columns, ", ")+` FROM `+t.name+` ORDER BY `+order)
	if err != nil {
		return TableReport{}, fmt.Errorf("transfer: unable to read back %s: %w", t.name, err)
	}
	defer rows.Close()
	out := newChecksum()
	for rows.Next() {
		vals, err := rows.Values()
		if err != nil {
			return TableReport{}, fmt.Errorf("transfer: unable to read back %s: %w", t.name, err)
		}
		if err := out.add(vals); err != nil {
			return TableReport{}, fmt.Errorf("transfer: unable to check %s: %w", t.name, err)
		}
	}
	if err := rows.Err(); err != nil {
		return TableReport{}, fmt.Errorf("transfer: unable to read back %s: %w", t.name, err)
	}
	if in.rows != copied || out.rows != in.rows {
		return TableReport{}, fmt.Errorf("transfer: %s: %d rows read, %d copied, %d read back", t.name, in.rows, copied, out.rows)
	}
	if in.sum() != out.sum() {
		return TableReport{}, fmt.Errorf("transfer: %s: the copy's checksum %s differs from the source's %s", t.name, out.sum(), in.sum())
	}
	return TableReport{Name: t.name, Rows: in.rows, Checksum: in.sum()}, nil
}

// rowCopier feeds CopyFrom the source rows of a table, digesting each as it
// goes; items get their folded search text besides.
type rowCopier struct {
	rows  *sql.Rows
	t     table
	sum   *checksum
	vals  []any
	items bool
	// bodies decodes items' stored summaries and contents for the search
	// text; the stored bytes themselves are copied as they are.
	bodies *itembody.Codec
	err    error
}

// Next advances to the next source row.
func (c *rowCopier) Next() bool {
	if !c.rows.Next() {
		c.err = c.rows.Err()
		return false
	}
	ptrs := make([]any, len(c.vals))
	for i := range c.vals {
		ptrs[i] = &c.vals[i]
	}
	if c.err = c.rows.Scan(ptrs...); c.err != nil {
		return false
	}
	c.err = c.sum.add(c.vals)
	return c.err == nil
}

// Values returns the current row as PostgreSQL takes it.
func (c *rowCopier) Values() ([]any, error) {
	out := make([]any, len(c.vals), len(c.vals)+1)
	for i, v := range c.vals {
		if n, ok := v.(int64); ok && c.t.isBoolean(c.t.columns[i]) {
			v = n != 0
		}
		out[i] = v
	}
	if c.items {
		summary, content := bytesOf(c.vals[7]), bytesOf(c.vals[8])
		plainSummary, plainContent, err := c.bodies.Decode(summary, content)
		if err != nil {
			return nil, fmt.Errorf("transfer: item %v: %w", c.vals[0], err)
		}
		out[7], out[8] = summary, content
		out = append(out, postgres.SearchColumn(text(c.vals[5]), plainSummary, plainContent))
	}
	return out, nil
}

// Err returns the error that ended the rows, if any.
func (c *rowCopier) Err() error {
	if c.err != nil {
		return errors.Join(fmt.Errorf("reading %s", c.t.name), c.err)
	}
	return nil
}

// bytesOf returns a text or blob value read from SQLite as bytes, never
// nil: SQLite reads an empty blob as nil, which PostgreSQL would take for
// NULL.
func bytesOf(v any) []byte {
	switch x := v.(type) {
	case string:
		return []byte(x)
	case []byte:
		if x != nil {
			return x
		}
	}
	return []byte{}
}

// text returns a text value read from SQLite as a string.
func text(v any) string {
	switch x := v.(type) {
	case string:
		return x
	case []byte:
		return string(x)
	}
	return ""
}
