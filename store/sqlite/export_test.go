package sqlite

// MigrationCount is the schema version a fully migrated database has.
func MigrationCount() int { return len(migrations) }
