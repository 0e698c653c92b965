package main

import (
	"bytes"
	"context"
	"path/filepath"
	"regexp"
	"strconv"
	"testing"

	"vigil/store/postgres/pgtest"
)

func TestLoadRunFillsServesAndMeasures(t *testing.T) {
	db := filepath.Join(t.TempDir(), "load.db")
	args := []string{"--db", db, "--items", "3000", "--feeds", "6", "--other-feeds", "4", "--clients", "3",
		"--duration", "1500ms", "--page", "20", "--monitor", "3", "--monitor-addr", "127.0.0.1:0"}
	var out bytes.Buffer
	if err := run(context.Background(), args, &out); err != nil {
		t.Fatalf("run: %v\n%s", err, out.String())
	}
	if !regexp.MustCompile(`filled .*: 3000 items in 10 feeds`).Match(out.Bytes()) {
		t.Errorf("no fill line:\n%s", out.String())
	}
	all := regexp.MustCompile(`(?m)^all\s+(\d+)\s+(\d+)\s`).FindSubmatch(out.Bytes())
	if all == nil {
		t.Fatalf("no summary row:\n%s", out.String())
	}
	if n, _ := strconv.Atoi(string(all[1])); n == 0 || string(all[2]) != "0" {
		t.Errorf("%s requests, %s failed; want some and none failed\n%s", all[1], all[2], out.String())
	}
	if !regexp.MustCompile(`CPU per request .*: [0-9.]+(µs|ms)`).Match(out.Bytes()) {
		t.Errorf("no CPU per request:\n%s", out.String())
	}
	fetches := regexp.MustCompile(`the monitor stored (\d+) fetches`).FindSubmatch(out.Bytes())
	if fetches == nil || string(fetches[1]) == "0" {
		t.Errorf("the monitor stored no fetch:\n%s", out.String())
	}
	out.Reset()
	if err := run(context.Background(), []string{"--db", db, "--duration", "200ms", "--clients", "1"}, &out); err != nil {
		t.Fatal(err)
	}
	if !bytes.Contains(out.Bytes(), []byte("reusing")) || !bytes.Contains(out.Bytes(), []byte("follows 6 feeds")) {
		t.Errorf("the second run did not reuse the store:\n%s", out.String())
	}
}

func TestLoadSyncsAsAReaderAppOnBothStores(t *testing.T) {
	tests := []struct {
		dates string
		span  string // what the run says of the reading list
	}{
		{datesDistinct, "the reading list spans "},
		{datesTied, "one tied group: every item listed at 2025-12-31 00:00:00 +0000 UTC"},
		{datesUndated, "one tied group: every item listed at 2026-01-01 00:00:00 +0000 UTC"},
	}
	for _, name := range []string{"sqlite", "postgres"} {
		for _, tt := range tests {
			t.Run(name+"/"+tt.dates, func(t *testing.T) {
				db := filepath.Join(t.TempDir(), "reader.db")
				if name == "postgres" {
					db = pgtest.Schema(t)
				}
				args := []string{"--db", db, "--api", "reader", "--items", "1500", "--feeds", "30", "--other-feeds", "0",
					"--body-bytes", "500", "--clients", "2", "--duration", "1s", "--depth", "3", "--dates", tt.dates}
				var out bytes.Buffer
				if err := run(context.Background(), args, &out); err != nil {
					t.Fatalf("run: %v\n%s", err, out.String())
				}
				if !bytes.Contains(out.Bytes(), []byte(tt.span)) {
					t.Errorf("the run does not say %q:\n%s", tt.span, out.String())
				}
				for _, kind := range []string{"ids", "contents"} {
					row := regexp.MustCompile(`(?m)^` + kind + `\s+(\d+)\s+(\d+)\s`).FindSubmatch(out.Bytes())
					if row == nil {
						t.Fatalf("no %s row:\n%s", kind, out.String())
					}
					if n, _ := strconv.Atoi(string(row[1])); n == 0 || string(row[2]) != "0" {
						t.Errorf("%s: %s requests, %s failed; want some and none failed\n%s", kind, row[1], row[2], out.String())
					}
				}
			})
		}
	}
}

func TestLoadRefusesBadFlags(t *testing.T) {
	for _, args := range [][]string{{"--clients", "0"}, {"--duration", "-1s"}, {"--think", "-1s"}, {"extra"}, {"--nope"},
		{"--api", "fever"}, {"--body-bytes", "-1"}, {"--dates", "random"}} {
		if _, err := parseOptions(args); err == nil {
			t.Errorf("parseOptions(%q) accepted it", args)
		}
	}
}
