package sqlite

import (
	"errors"

	"modernc.org/sqlite"
	sqlite3 "modernc.org/sqlite/lib"
)

// isUnique reports whether err is a violated UNIQUE or PRIMARY KEY constraint.
func isUnique(err error) bool {
	code := errorCode(err)
	return code == sqlite3.SQLITE_CONSTRAINT_UNIQUE || code == sqlite3.SQLITE_CONSTRAINT_PRIMARYKEY
}

// isForeignKey reports whether err is a violated foreign key constraint.
func isForeignKey(err error) bool {
	return errorCode(err) == sqlite3.SQLITE_CONSTRAINT_FOREIGNKEY
}

// errorCode returns the extended SQLite result code in err, or 0.
func errorCode(err error) int {
	var e *sqlite.Error
	if errors.As(err, &e) {
		return e.Code()
	}
	return 0
}
