package sqlite

import (
	"path/filepath"
	"strings"
	"testing"

	"vigil"
)

// TestLockFetchingKeepsOneFetcher checks that a second lock on the same
// database is refused (ECONFLICT, naming the lock) while the first is
// held, and taken once it is released.
func TestLockFetchingKeepsOneFetcher(t *testing.T) {
	path := filepath.Join(t.TempDir(), "v.db")
	first, err := Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer first.Close()
	second, err := Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer second.Close()
	unlock, err := first.LockFetching()
	if err != nil {
		t.Fatal(err)
	}
	if _, err := second.LockFetching(); vigil.ErrorCode(err) != vigil.ECONFLICT || !strings.Contains(err.Error(), path+FetchLockSuffix) {
		t.Fatalf("a second lock while the first is held: %v, want ECONFLICT naming the lock", err)
	}
	if err := unlock(); err != nil {
		t.Fatal(err)
	}
	again, err := second.LockFetching()
	if err != nil {
		t.Fatalf("the lock after the first was released: %v", err)
	}
	again()
}
