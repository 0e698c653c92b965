package sqlite

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"

	"vigil"
)

// FetchLockSuffix names the file beside the database that LockFetching
// locks.
const FetchLockSuffix = "-fetching.lock"

// LockFetching makes this process the one that fetches from the database:
// the embedded store has no coordinator to share due feeds, host gaps and
// the budget between processes as PostgreSQL has, so two processes
// fetching from one file would each fetch every due feed. It takes an
// exclusive lock on a file beside the database (its path, symbolic links
// resolved, + FetchLockSuffix),
// which the operating system ends with the process, and returns the
// function that ends it. While another process holds it the answer is
// ECONFLICT, naming the lock.
func (db *DB) LockFetching() (unlock func() error, err error) {
	file := db.path
	if resolved, err := filepath.EvalSymlinks(db.path); err == nil {
		file = resolved // the one file, whatever path reached it
	}
	name := file + FetchLockSuffix
	f, err := os.OpenFile(name, os.O_RDWR|os.O_CREATE, 0o600)
	if err != nil {
		return nil, fmt.Errorf("sqlite: unable to open the fetch lock %s: %w", name, err)
	}
	if err := lockFile(f); err != nil {
		f.Close()
		if errors.Is(err, errLocked) {
			return nil, vigil.Errorf(vigil.ECONFLICT, "another vigil process is fetching from %s (a serve, or a fetch pass; it holds %s): "+
				"one process fetches from an SQLite database at a time", db.path, name)
		}
		return nil, fmt.Errorf("sqlite: unable to lock %s: %w", name, err)
	}
	return f.Close, nil
}

// errLocked is lockFile's answer when another process holds the lock.
var errLocked = errors.New("locked by another process")
