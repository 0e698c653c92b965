package sqlite

import (
	"bytes"
	"context"
	"database/sql"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"net/url"
	"os"

	"vigil"
)

// sqliteHeader starts every SQLite 3 database file.
var sqliteHeader = []byte("SQLite format 3\x00")

// probe checks, without writing anything, that the file at abs is absent,
// empty or a readable vigil database whose schema this code understands.
// Anything else is refused before a connection that could write is opened.
func probe(abs string) error {
	info, err := os.Stat(abs)
	if errors.Is(err, fs.ErrNotExist) {
		return nil
	}
	if err != nil {
		return fmt.Errorf("sqlite: unable to inspect %s: %w", abs, err)
	}
	if !info.Mode().IsRegular() {
		return vigil.Errorf(vigil.EINVALID, "sqlite: %s is not a regular file", abs)
	}
	if info.Size() == 0 {
		return nil
	}
	if err := checkHeader(abs); err != nil {
		return err
	}
	created := absentSidecars(abs)
	err = probeReadOnly(abs)
	if err != nil {
		for _, p := range created {
			os.Remove(p)
		}
	}
	return err
}

// absentSidecars lists the WAL and shared-memory files of the database at
// abs that do not exist yet: reading a WAL database creates them, and a
// refused file must be left as it was found.
func absentSidecars(abs string) []string {
	var absent []string
	for _, p := range []string{abs + "-wal", abs + "-shm"} {
		if _, err := os.Lstat(p); errors.Is(err, fs.ErrNotExist) {
			absent = append(absent, p)
		}
	}
	return absent
}

// checkHeader refuses a file that does not start with the SQLite header.
func checkHeader(abs string) error {
	f, err := os.Open(abs)
	if err != nil {
		return fmt.Errorf("sqlite: unable to read %s: %w", abs, err)
	}
	defer f.Close()
	head := make([]byte, len(sqliteHeader))
	if _, err := io.ReadFull(f, head); err != nil && !errors.Is(err, io.ErrUnexpectedEOF) {
		return fmt.Errorf("sqlite: unable to read %s: %w", abs, err)
	}
	if !bytes.Equal(head, sqliteHeader) {
		return vigil.Errorf(vigil.EINVALID, "sqlite: %s is not an SQLite database", abs)
	}
	return nil
}

// probeReadOnly opens the file read-only, reads its schema and version, and
// refuses a corrupt file or one written by a newer schema.
func probeReadOnly(abs string) error {
	q := url.Values{}
	q.Set("mode", "ro")
	q.Add("_pragma", fmt.Sprintf("busy_timeout(%d)", busyTimeoutMillis))
	pool, err := sql.Open("sqlite", dsn(abs, q))
	if err != nil {
		return fmt.Errorf("sqlite: unable to open %s: %w", abs, err)
	}
	defer pool.Close()
	ctx := context.Background()
	var tables int
	if err := pool.QueryRowContext(ctx, "SELECT count(*) FROM sqlite_schema").Scan(&tables); err != nil {
		return vigil.Errorf(vigil.EINVALID, "sqlite: %s is not a usable SQLite database: %v", abs, err)
	}
	version, err := userVersion(ctx, pool)
	if err != nil {
		return vigil.Errorf(vigil.EINVALID, "sqlite: %s is not a usable SQLite database: %v", abs, err)
	}
	if err := checkVersion(abs, version); err != nil {
		return err
	}
	return checkVigilSchema(ctx, pool, abs, version, tables)
}

// vigilTables are the tables every version of vigil's schema has, from
// schemaV1 on.
var vigilTables = []string{"users", "sessions", "feeds", "subscriptions", "items", "item_states", "observations"}

// checkVigilSchema refuses an SQLite database that is not vigil's: one
// that holds anything while its user_version is 0 (vigil has not created
// it), or whose user_version claims a vigil schema that lacks vigil's
// tables. A database with no schema and version 0 holds nothing and is
// taken as empty, like an empty file.
func checkVigilSchema(ctx context.Context, pool *sql.DB, abs string, version, tables int) error {
	if version == 0 && tables == 0 {
		return nil
	}
	foreign := vigil.Errorf(vigil.EINVALID,
		"sqlite: %s is an SQLite database of another program, not a vigil database; give --db a new file", abs)
	if version == 0 {
		return foreign
	}
	for _, name := range vigilTables {
		var n int
		err := pool.QueryRowContext(ctx, "SELECT count(*) FROM sqlite_schema WHERE type = 'table' AND name = ?", name).Scan(&n)
		if err != nil {
			return vigil.Errorf(vigil.EINVALID, "sqlite: %s is not a usable SQLite database: %v", abs, err)
		}
		if n == 0 {
			return foreign
		}
	}
	return nil
}

// checkVersion refuses a schema newer than the migrations this code has.
func checkVersion(abs string, version int) error {
	if version > len(migrations) {
		return vigil.Errorf(vigil.EINVALID,
			"sqlite: %s has schema version %d, newer than the %d this vigil knows; use a newer vigil",
			abs, version, len(migrations))
	}
	return nil
}
