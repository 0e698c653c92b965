package sqlite

// MigrationCount is the schema version a fully migrated database has.
func MigrationCount() int { return len(migrations) }

// RefuseWrites makes the writing connection refuse every write with the
// error a read-only file gives (SQLITE_READONLY), as a file the process
// may not write does; the tests run as root, whom file modes do not stop.
func (db *DB) RefuseWrites() error {
	_, err := db.write.Exec(`PRAGMA query_only(1)`)
	return err
}
