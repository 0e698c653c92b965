package main

import (
	"context"
	"fmt"
)

// serverSettings describes the PostgreSQL server at admin as a refresh run
// finds it: its version and whether autovacuum runs, and from where that
// setting comes. A test server often turns autovacuum off, where a user's
// server, by default, vacuums and analyzes the tables of a refresh cycle as
// it goes, so a run's figures say which they were measured with.
func serverSettings(ctx context.Context, admin string) (string, error) {
	conn, err := harnessConn(ctx, admin, "postgres")
	if err != nil {
		return "", err
	}
	defer conn.Close(ctx)
	var version, autovacuum, source string
	err = conn.QueryRow(ctx, `SELECT current_setting('server_version'), setting, source FROM pg_settings WHERE name = 'autovacuum'`).
		Scan(&version, &autovacuum, &source)
	if err != nil {
		return "", fmt.Errorf("reading the server's settings: %w", err)
	}
	line := fmt.Sprintf("server: PostgreSQL %s, autovacuum %s (%s)", version, autovacuum, source)
	if autovacuum != "on" {
		line += "; a server left as installed vacuums as it goes, so these figures are not a default server's"
	}
	return line, nil
}

// tableActivity sums what the server counted on the tables of database
// name since it was made: rows updated, how many of those were HOT
// updates (the new version on the same page and no index entry written),
// and the times autovacuum vacuumed and analyzed them. The counts reach
// the server's statistics within a second or so of each statement.
func tableActivity(ctx context.Context, admin, name string) (string, error) {
	conn, err := harnessConn(ctx, admin, name)
	if err != nil {
		return "", err
	}
	defer conn.Close(ctx)
	var updates, hot, vacuums, analyzes int64
	err = conn.QueryRow(ctx, `SELECT COALESCE(sum(n_tup_upd), 0)::bigint, COALESCE(sum(n_tup_hot_upd), 0)::bigint,
		COALESCE(sum(autovacuum_count), 0)::bigint, COALESCE(sum(autoanalyze_count), 0)::bigint FROM pg_stat_user_tables`).
		Scan(&updates, &hot, &vacuums, &analyzes)
	if err != nil {
		return "", fmt.Errorf("reading the table statistics of %s: %w", name, err)
	}
	return fmt.Sprintf("%d rows updated (%d HOT), autovacuum %d vacuums and %d analyzes", updates, hot, vacuums, analyzes), nil
}
