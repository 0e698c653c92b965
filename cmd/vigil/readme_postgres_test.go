package main

import (
	"context"
	"fmt"
	"os"
	"os/exec"
	"strings"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"
)

// readmePostgres is the server the documentation's PostgreSQL examples
// name, and readmeDatabase the database they create there.
const (
	readmePostgres = "postgres://postgres@127.0.0.1:5432/"
	readmeDatabase = "vigil"
)

// readmePostgresDB gives a document's PostgreSQL examples a database of
// their own: a name no one else uses, in place of readmeDatabase, dropped
// when the test ends (so that "createdb ... vigil" and "vigil migrate"
// into an empty database run as written however often the test runs, and
// never touch an operator's database called vigil). It returns the rewrite
// of a command line, and a reason to skip PostgreSQL lines when no server
// answers ("" when one does; in CI a missing server fails the test).
func readmePostgresDB(t *testing.T) (rewrite func(string) string, skip string) {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	conn, err := pgx.Connect(ctx, readmePostgres+"postgres")
	if err != nil {
		msg := fmt.Sprintf("no PostgreSQL at %s for the documentation's PostgreSQL examples: %v", readmePostgres, err)
		if os.Getenv("CI") != "" {
			t.Fatal(msg)
		}
		return func(s string) string { return s }, msg
	}
	conn.Close(ctx)
	name := fmt.Sprintf("vigil_readme_%d_%d", os.Getpid(), time.Now().UnixNano())
	t.Cleanup(func() {
		out, err := exec.Command("dropdb", "-h", "127.0.0.1", "-U", "postgres", "--if-exists", "--force", name).CombinedOutput()
		if err != nil {
			t.Errorf("dropping the examples' database %s: %v\n%s", name, err, out)
		}
	})
	return func(command string) string {
		command = strings.ReplaceAll(command, readmePostgres+readmeDatabase, readmePostgres+name)
		if f := strings.Fields(command); len(f) > 0 && f[0] == "createdb" && f[len(f)-1] == readmeDatabase {
			command = strings.Join(append(f[:len(f)-1], name), " ")
		}
		return command
	}, ""
}

// isPostgresExample reports whether an example's command line needs a
// PostgreSQL server.
func isPostgresExample(command string) bool {
	return strings.Contains(command, "postgres://") || strings.HasPrefix(command, "createdb ")
}
