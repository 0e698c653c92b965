package main

import (
	"crypto/sha256"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
)

// TestReadOnlyCommandsCreateNothing runs the commands that only read on a
// database file that does not exist: each fails naming it, and none
// creates it; a command that writes then may.
func TestReadOnlyCommandsCreateNothing(t *testing.T) {
	db := filepath.Join(t.TempDir(), "missing.db")
	for _, args := range [][]string{
		{"items"}, {"items", "--json"}, {"feeds"}, {"feeds", "--all"}, {"export"},
		{"search", "galaxy"}, {"search", "--channels", "galaxy"}, {"user", "list"},
		// Commands that work on stored users, feeds or changes have
		// nothing to do in a database that does not exist yet.
		{"changes"}, {"rate", "1", "significant"}, {"fetch"}, {"fetch", "--all"},
		{"digest", "--send", "2026-03-02"}, {"add", "http://example.org/feed"},
	} {
		t.Run(strings.Join(args, " "), func(t *testing.T) {
			code, _, stderr := cli(t, db, "", args...)
			if code != 1 || !strings.Contains(stderr, "no vigil database at "+db+"; run 'vigil user add' or 'vigil serve' to create one") {
				t.Fatalf("exit %d, stderr %q", code, stderr)
			}
			if _, err := os.Stat(db); err == nil {
				t.Fatal("a read-only command created the database")
			}
		})
	}
	if code, _, stderr := cli(t, db, "", "user", "add", "ann"); code != 0 {
		t.Fatalf("user add on a new database: %d %q", code, stderr)
	}
	if code, _, stderr := cli(t, db, "", "items"); code != 0 {
		t.Fatalf("items once the database exists: %d %q", code, stderr)
	}
}

// TestReadingCommandsInReadOnlyDirectory runs the commands that only read
// on a database whose directory and file the running user may not write.
// Root may write anywhere, so as root the binary runs as the user nobody
// (uid 65534); otherwise the modes 0555 and 0444 alone forbid it. Each
// command must print what is stored, and none may leave a -wal or -shm
// file or change the file: the store is opened read-only
// (store/sqlite's TestOpenReadOnlyWritesNothing proves the same as root).
func TestReadingCommandsInReadOnlyDirectory(t *testing.T) {
	dir := t.TempDir()
	db := filepath.Join(dir, "v.db")
	srv := feedServer(t)
	for _, args := range [][]string{
		{"user", "add", "ann"}, {"add", "--user", "ann", srv.URL + "/a"},
		{"fetch", "--all", "--allow-private", "--host-gap", "0"},
	} {
		if code, _, stderr := cli(t, db, "", args...); code != 0 {
			t.Fatalf("%v: %d %q", args, code, stderr)
		}
	}
	bin := runnableBinary(t)
	lockDown(t, dir, db)
	before := fileSum(t, db)
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"items"}, "Two & more"},
		{[]string{"items", "--json"}, "Two \\u0026 more"},
		{[]string{"feeds"}, srv.URL + "/a"},
		{[]string{"feeds", "--all"}, srv.URL + "/a"},
		{[]string{"user", "list"}, "ann"},
		{[]string{"export"}, srv.URL + "/a"},
		{[]string{"search", "more"}, "Two & more"},
		{[]string{"changes"}, ""},
		{[]string{"notify", "list"}, ""},
		{[]string{"alert", "list"}, ""},
	} {
		t.Run(strings.Join(tc.args, " "), func(t *testing.T) {
			cmd := exec.Command(bin, append(tc.args, "--db", db)...)
			asNobody(cmd)
			out, err := cmd.CombinedOutput()
			if err != nil || !strings.Contains(string(out), tc.want) {
				t.Fatalf("%v: %s", err, out)
			}
			for _, side := range []string{db + "-wal", db + "-shm"} {
				if _, err := os.Lstat(side); err == nil {
					t.Fatalf("%s was created", filepath.Base(side))
				}
			}
		})
	}
	if fileSum(t, db) != before {
		t.Error("a reading command changed the database")
	}
}

// runnableBinary returns a copy of vigilBin that any user may run.
func runnableBinary(t *testing.T) string {
	t.Helper()
	dir := t.TempDir()
	openUp(t, dir)
	b, err := os.ReadFile(vigilBin)
	if err != nil {
		t.Fatal(err)
	}
	bin := filepath.Join(dir, "vigil")
	if err := os.WriteFile(bin, b, 0o755); err != nil {
		t.Fatal(err)
	}
	return bin
}

// openUp lets every user traverse dir and the test's directory above it.
func openUp(t *testing.T, dir string) {
	t.Helper()
	for _, d := range []string{filepath.Dir(dir), dir} {
		if err := os.Chmod(d, 0o755); err != nil {
			t.Fatal(err)
		}
	}
}

// lockDown makes dir and the database file db readable, not writable, by
// anyone but root, and restores dir's mode at the end so that it can be
// removed.
func lockDown(t *testing.T, dir, db string) {
	t.Helper()
	openUp(t, dir)
	if err := os.Chmod(db, 0o444); err != nil {
		t.Fatal(err)
	}
	if err := os.Chmod(dir, 0o555); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { os.Chmod(dir, 0o755) })
}

// asNobody makes cmd run as the user nobody when the test runs as root.
func asNobody(cmd *exec.Cmd) {
	if os.Geteuid() != 0 {
		return
	}
	cmd.SysProcAttr = &syscall.SysProcAttr{Credential: &syscall.Credential{Uid: 65534, Gid: 65534}}
	cmd.Env = append(os.Environ(), "HOME=/")
}

// fileSum returns the SHA-256 of the file at path.
func fileSum(t *testing.T, path string) [32]byte {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return sha256.Sum256(b)
}
