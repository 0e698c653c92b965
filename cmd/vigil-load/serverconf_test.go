package main

import (
	"context"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"

	"vigil/store/postgres/pgtest"
)

func TestServerSettingsAndTableActivity(t *testing.T) {
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	schema := pgtest.Schema(t)
	conn, err := pgx.Connect(ctx, schema)
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close(ctx)
	var autovacuum, database string
	if err := conn.QueryRow(ctx, `SELECT current_setting('autovacuum'), current_database()`).Scan(&autovacuum, &database); err != nil {
		t.Fatal(err)
	}
	// Rows updated in place: 30 updates of an unindexed column.
	for _, q := range []string{`CREATE TABLE counted (id INT PRIMARY KEY, n INT)`, `INSERT INTO counted SELECT g, 0 FROM generate_series(1, 10) g`,
		`UPDATE counted SET n = 1`, `UPDATE counted SET n = 2`, `UPDATE counted SET n = 3`, `SELECT pg_stat_force_next_flush()`} {
		if _, err := conn.Exec(ctx, q); err != nil {
			t.Fatal(err)
		}
	}
	settings, err := serverSettings(ctx, pgtest.Server())
	if err != nil {
		t.Fatal(err)
	}
	activity, err := tableActivity(ctx, pgtest.Server(), database)
	if err != nil {
		t.Fatal(err)
	}
	var updates, hot, vacuums, analyzes int
	if _, err := fmt.Sscanf(activity, "%d rows updated (%d HOT), autovacuum %d vacuums and %d analyzes", &updates, &hot, &vacuums, &analyzes); err != nil {
		t.Fatalf("table activity %q: %v", activity, err)
	}
	cases := []struct {
		name string
		ok   bool
	}{
		{"the settings name the server's autovacuum", strings.Contains(settings, "autovacuum "+autovacuum+" (")},
		{"a server without autovacuum is said not to be a default one", (autovacuum == "on") != strings.Contains(settings, "not a default server's")},
		{"the updates are counted", updates >= 30},
		{"HOT updates are counted", hot >= 1 && hot <= updates},
	}
	for _, c := range cases {
		if !c.ok {
			t.Errorf("%s: %q, %q", c.name, settings, activity)
		}
	}
}
