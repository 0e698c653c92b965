package main

import (
	"context"
	"fmt"
	"text/tabwriter"

	"vigil/store/postgres"
	"vigil/store/transfer"
)

func runMigrate(ctx context.Context, e *env, args []string) error {
	f := newFlags(e, "migrate", "", "Copy an embedded installation (a SQLite file) into an empty PostgreSQL database,\n"+
		"keeping every ID, and verify the row count and checksum of every table before committing.")
	from := f.String("from", "", "the SQLite database `path` to copy")
	to := f.String("to", "", "the PostgreSQL database `URL` (postgres://...) to copy into; it must hold no data")
	if err := f.parse(args, 0); err != nil {
		return err
	}
	if *from == "" || *to == "" {
		return usageError{"both --from PATH and --to postgres://URL are required"}
	}
	if !postgres.IsURL(*to) {
		return usageError{fmt.Sprintf("--to must be a postgres:// URL, got %q", *to)}
	}
	dst, err := postgres.Open(ctx, *to)
	if err != nil {
		return err
	}
	defer dst.Close()
	reports, err := transfer.Copy(ctx, *from, dst)
	if err != nil {
		return err
	}
	w := tabwriter.NewWriter(e.stdout, 0, 0, 2, ' ', 0)
	fmt.Fprintln(w, "TABLE\tROWS\tSHA-256 (equal on both sides)")
	for _, r := range reports {
		fmt.Fprintf(w, "%s\t%d\t%s\n", r.Name, r.Rows, r.Checksum)
	}
	if err := w.Flush(); err != nil {
		return err
	}
	fmt.Fprintf(e.stdout, "copied %s into %s and verified every table\n", *from, postgres.Redact(*to))
	return nil
}
