package sqlite

import (
	"context"
	"errors"
	"fmt"
	"net/url"
	"os"
	"path/filepath"

	sqlite3 "modernc.org/sqlite/lib"

	"vigil"
	"vigil/store/sqlflow"
)

// ErrSchemaBehind is returned by OpenReadOnly for a database whose schema
// is older than this code's: it needs migrating, which only a store opened
// for writing does.
var ErrSchemaBehind = errors.New("sqlite: the database's schema needs migrating")

// OpenReadOnly opens the existing vigil database at path for a command
// that only reads it: every connection is opened with mode=ro, so nothing
// in the file changes and no migration runs. A missing or empty file, a
// file that is not vigil's and one from a newer vigil are refused as by
// Open; an older schema gives an error wrapping ErrSchemaBehind. A write
// through the returned store fails with SQLite's "attempt to write a
// readonly database".
//
// A WAL database is read through its -shm file, which SQLite creates next
// to the file when it is absent, and leaves there after a read-only
// connection closes; where the directory is not writable (a backup on
// read-only media, another account's directory) it cannot be created at
// all. So when neither the -wal nor the -shm file exists, which is how a
// vigil that closed cleanly leaves the file (every commit is in it) and
// means no process has it open, the file is opened with immutable=1: read
// without the shared memory and without locks, creating nothing. Such a
// store reads the file as it stood when opened; a writer that starts
// while it reads could make a read fail, never change the file. When a
// -wal or -shm file exists (a running vigil, or one that was killed),
// SQLite's ordinary read-only mode reads through them.
func OpenReadOnly(path string, o Options) (*DB, error) {
	abs, err := existingFile(path)
	if err != nil {
		return nil, err
	}
	q, err := readOnlyParams(abs, o)
	if err != nil {
		return nil, err
	}
	db := &DB{path: abs, mmap: o.mmapBytes(), outbox: hasOutbox()}
	if db.write, err = openPool(abs, 1, q); err != nil {
		return nil, err
	}
	if err := checkCurrent(context.Background(), db.write, abs); err != nil {
		db.write.Close()
		return nil, err
	}
	if err := db.stmts.prepare(context.Background(), db.write); err != nil {
		db.write.Close()
		return nil, err
	}
	if db.read, err = openPool(abs, o.readPoolSize(), q); err != nil {
		db.stmts.close()
		db.write.Close()
		return nil, err
	}
	if db.Store, err = sqlflow.New(conn{db}, dialect, statements, feedWriter{db}); err != nil {
		db.Close()
		return nil, err
	}
	return db, nil
}

// existingFile resolves path and checks that it names a non-empty SQLite
// file.
func existingFile(path string) (string, error) {
	if path == "" {
		return "", vigil.Errorf(vigil.EINVALID, "sqlite: database path is empty")
	}
	abs, err := filepath.Abs(path)
	if err != nil {
		return "", fmt.Errorf("sqlite: unable to resolve path %q: %w", path, err)
	}
	info, err := os.Stat(abs)
	if err != nil {
		return "", fmt.Errorf("sqlite: unable to inspect %s: %w", abs, err)
	}
	if !info.Mode().IsRegular() {
		return "", vigil.Errorf(vigil.EINVALID, "sqlite: %s is not a regular file", abs)
	}
	if info.Size() == 0 {
		return "", vigil.Errorf(vigil.EINVALID, "sqlite: %s is empty: no vigil database yet", abs)
	}
	return abs, checkHeader(abs)
}

// readOnlyParams returns the connection settings that read the file at
// abs without writing: mode=ro, with immutable=1 when it has no -wal and
// no -shm file.
func readOnlyParams(abs string, o Options) (url.Values, error) {
	q := commonParams(o.CacheKiB)
	q.Set("mode", "ro")
	q.Add("_pragma", "query_only(1)")
	q.Add("_pragma", fmt.Sprintf("mmap_size(%d)", o.mmapBytes()))
	if len(absentSidecars(abs)) == 2 {
		q.Set("immutable", "1")
	}
	err := tryRead(abs, q)
	switch {
	case err == nil:
		return q, nil
	case cannotMakeSidecar(err):
		return nil, vigil.Errorf(vigil.EINVALID,
			"sqlite: %s cannot be read: its directory is not writable and SQLite needs to create %s-shm to read the commits in %s-wal; open it once where its directory is writable", abs, abs, abs)
	}
	return nil, unusable(abs, err)
}

// unusable is the error for a file SQLite cannot read.
func unusable(abs string, err error) error {
	return vigil.Errorf(vigil.EINVALID, "sqlite: %s is not a usable SQLite database: %v", abs, err)
}

// tryRead opens one connection with q and reads the schema.
func tryRead(abs string, q url.Values) error {
	pool, err := openPool(abs, 1, q)
	if err != nil {
		return err
	}
	defer pool.Close()
	var tables int
	return pool.QueryRowContext(context.Background(), "SELECT count(*) FROM sqlite_schema").Scan(&tables)
}

// cannotMakeSidecar reports whether err is SQLite failing to create the
// -shm file of a WAL database in a directory it may not write.
func cannotMakeSidecar(err error) bool {
	switch errorCode(err) {
	case sqlite3.SQLITE_READONLY_DIRECTORY, sqlite3.SQLITE_CANTOPEN, sqlite3.SQLITE_READONLY_CANTINIT:
		return true
	}
	return false
}

// checkCurrent refuses a database whose schema is not this code's: newer
// as Open does, older with ErrSchemaBehind, and one that is not vigil's.
func checkCurrent(ctx context.Context, pool querier, abs string) error {
	version, err := userVersion(ctx, pool)
	if err != nil {
		return unusable(abs, err)
	}
	if err := checkVersion(abs, version); err != nil {
		return err
	}
	if version == 0 {
		return vigil.Errorf(vigil.EINVALID, "sqlite: %s is an SQLite database of another program, not a vigil database; give --db a new file", abs)
	}
	if version < len(migrations) {
		return fmt.Errorf("%w: %s is at version %d of %d", ErrSchemaBehind, abs, version, len(migrations))
	}
	return nil
}
