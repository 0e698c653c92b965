// Package sqlite implements store.Store on an embedded SQLite file through
// the pure-Go driver modernc.org/sqlite.
//
// The file runs in WAL mode with foreign keys on, synchronous=NORMAL (a
// committed transaction survives a killed process) and a busy timeout, and
// every write transaction starts IMMEDIATE so that concurrent writers wait
// for each other instead of failing. Writes go through one connection,
// reads through a small pool of their own.
//
// Most methods are written once for both SQL stores in store/sqlflow: this
// package gives them its connections (flowconn.go), its dialect and the
// SQLite text of their statements (in the file of each concept), and keeps
// what it does its own way: Ingest with its prepared statements, search,
// and the migrations and their runner. sqlflow also writes once the tables
// both stores create (this package gives it SQLite's column types in
// schema.go; the users, items and item_states tables, the full-text index
// and the migrations that differ stay here), the item queries' reading
// (QueryItems), the error wrapping (Dialect.Wrap) and the arguments of the
// feed state, observation and item writes (Dialect.FeedStateArgs,
// Dialect.ObservationArgs, ItemArgs) and Ingest's view of a new or edited
// item (ChangedItem).
package sqlite

import (
	"context"
	"database/sql"
	"fmt"
	"net/url"
	"path/filepath"

	_ "modernc.org/sqlite" // registers the "sqlite" driver

	"vigil"
	"vigil/store"
	"vigil/store/sqlflow"
)

// busyTimeoutMillis is how long a statement waits for another writer.
const busyTimeoutMillis = 10000

// readConns is the size of the pool that serves reads.
const readConns = 4

// readMmapBytes is how much of the file each reading connection maps into
// memory (PRAGMA mmap_size): pages it reads come straight from the mapping
// instead of a read system call and a copy into SQLite's page cache, which
// were about 6% of the CPU of an item listing at 1,000,000 items. It is an
// upper bound on the address space mapped, not memory allocated; a larger
// file is read through the page cache beyond it.
const readMmapBytes = 1 << 30

// DB is a vigil store kept in one SQLite file. It is safe for concurrent use.
type DB struct {
	*sqlflow.Store // the methods written once for every SQL store

	path  string
	write *sql.DB // one connection; write transactions start IMMEDIATE
	read  *sql.DB // query-only connections
	stmts stmts   // prepared on write
	reads readStmts
	mmap  int64 // the reading connections' mmap_size
	// outbox is set when the schema has the outbox, that is always but in
	// the tests that run the store on an older schema.
	outbox bool
}

var _ store.Store = (*DB)(nil)

// Open opens the SQLite database at path, creating the file when it does not
// exist, and migrates its schema to the current version. A file that is not
// an SQLite database, or a database written by a newer version of vigil, is
// refused and left untouched.
func Open(path string) (*DB, error) {
	return OpenProgress(path, nil)
}

// OpenProgress is Open that reports the schema migrations it applies to an
// older database: progress, when not nil, is called after each with the
// number applied and the number pending at the start (never when the
// schema is current or the file new), so that a command can show how far
// it has got.
func OpenProgress(path string, progress func(done, total int)) (*DB, error) {
	return OpenWith(path, Options{}, progress)
}

// OpenWith is OpenProgress with the connections sized by o.
func OpenWith(path string, o Options, progress func(done, total int)) (*DB, error) {
	if path == "" {
		return nil, vigil.Errorf(vigil.EINVALID, "sqlite: database path is empty")
	}
	abs, err := filepath.Abs(path)
	if err != nil {
		return nil, fmt.Errorf("sqlite: unable to resolve path %q: %w", path, err)
	}
	if err := probe(abs); err != nil {
		return nil, err
	}
	db := &DB{path: abs, mmap: o.mmapBytes(), outbox: hasOutbox()}
	if db.write, err = openPool(abs, 1, writeParams(o)); err != nil {
		return nil, err
	}
	if err := migrate(context.Background(), db.write, abs, progress); err != nil {
		db.write.Close()
		return nil, err
	}
	if err := db.stmts.prepare(context.Background(), db.write); err != nil {
		db.write.Close()
		return nil, err
	}
	if db.read, err = openPool(abs, o.readPoolSize(), readParams(o)); err != nil {
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

// Path returns the absolute path of the database file.
func (db *DB) Path() string { return db.path }

// Close releases both connection pools.
func (db *DB) Close() error {
	db.stmts.close()
	db.reads.close()
	errRead := db.read.Close()
	errWrite := db.write.Close()
	if errWrite != nil {
		return fmt.Errorf("sqlite: unable to close %s: %w", db.path, errWrite)
	}
	if errRead != nil {
		return fmt.Errorf("sqlite: unable to close %s: %w", db.path, errRead)
	}
	return nil
}

// writeParams configures the writing connection.
func writeParams(o Options) url.Values {
	q := commonParams(o.writeCacheKiB())
	q.Add("_pragma", "journal_mode(WAL)")
	q.Add("_pragma", "synchronous(NORMAL)")
	q.Set("_txlock", "immediate")
	return q
}

// readParams configures the reading connections.
func readParams(o Options) url.Values {
	q := commonParams(o.CacheKiB)
	q.Add("_pragma", "query_only(1)")
	q.Add("_pragma", fmt.Sprintf("mmap_size(%d)", o.mmapBytes()))
	return q
}

// commonParams are the settings every connection shares, with a page
// cache of cacheKiB (0: SQLite's default).
func commonParams(cacheKiB int) url.Values {
	q := url.Values{}
	q.Add("_pragma", fmt.Sprintf("busy_timeout(%d)", busyTimeoutMillis))
	q.Add("_pragma", "foreign_keys(1)")
	if cacheKiB > 0 {
		q.Add("_pragma", fmt.Sprintf("cache_size(%d)", -cacheKiB)) // negative: KiB, not pages
	}
	return q
}

// dsn builds an SQLite URI for the file at the absolute path abs, escaping
// characters such as '?' and '#' that would otherwise end the path.
func dsn(abs string, q url.Values) string {
	u := url.URL{Scheme: "file", Path: filepath.ToSlash(abs), RawQuery: q.Encode()}
	return u.String()
}

// openPool opens a connection pool of at most n connections and checks that
// the first one can be established.
func openPool(abs string, n int, q url.Values) (*sql.DB, error) {
	pool, err := sql.Open("sqlite", dsn(abs, q))
	if err != nil {
		return nil, fmt.Errorf("sqlite: unable to open %s: %w", abs, err)
	}
	pool.SetMaxOpenConns(n)
	pool.SetMaxIdleConns(n)
	pool.SetConnMaxIdleTime(0)
	if err := pool.Ping(); err != nil {
		pool.Close()
		return nil, fmt.Errorf("sqlite: unable to open %s: %w", abs, err)
	}
	return pool, nil
}
