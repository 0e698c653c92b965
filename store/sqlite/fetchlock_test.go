package sqlite

import (
	"os"
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
	link := filepath.Join(t.TempDir(), "link.db")
	if err := os.Symlink(path, link); err != nil {
		t.Fatal(err)
	}
	linked, err := Open(link)
	if err != nil {
		t.Fatal(err)
	}
	defer linked.Close()
	if _, err := linked.LockFetching(); vigil.ErrorCode(err) != vigil.ECONFLICT {
		t.Errorf("the lock through a symbolic link to the database while it is held: %v, want ECONFLICT", err)
	}
	again()
}
