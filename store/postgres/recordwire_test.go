package postgres

import (
	"bytes"
	"context"
	"fmt"
	"math"
	"testing"
	"time"

	"vigil"
)

// TestRecordWireStoresWhatPgxWould stores records written by the wire,
// alone and in a batch of two, and reads each feed and observation back:
// every column is what the feed and observation hold (text as PostgreSQL
// keeps it, the zero time and a nil model as NULL), for ordinary values
// and for the edges of each type.
func TestRecordWireStoresWhatPgxWould(t *testing.T) {
	db := openTestDB(t)
	ctx := context.Background()
	t0 := time.Unix(1.7e9, 123456789)
	model := bytes.Repeat([]byte{0, 1, 2, 255}, 600)
	cases := []struct {
		name string
		feed vigil.Feed
		obs  vigil.Observation
		want vigil.Feed // the text fields as stored
	}{
		{
			name: "a 304 with every field set",
			feed: vigil.Feed{Title: "Title é", SiteURL: "https://s.example/", Description: "d", Language: "fr", Status: vigil.FeedActive,
				ETag: `"v1"`, LastModified: "Mon, 02 Jan 2006 15:04:05 GMT", LastFetch: t0, LastSuccess: t0, NextFetch: t0.Add(time.Hour),
				LastStatus: 304, Failures: 0, Missing: 2, Window: 20, Model: model, Rate: 0.125,
				Hints: vigil.Hints{TTL: 90 * time.Minute, SkipHours: []int{3, 4}}},
			obs:  vigil.Observation{At: t0, Status: 304, Bytes: 0, Latency: 1500 * time.Microsecond, Items: 0, NotModified: true},
			want: vigil.Feed{Title: "Title é", LastError: ""},
		},
		{
			name: "a failure: zero times, no model, errors with NUL and bad UTF-8",
			feed: vigil.Feed{Title: "a\x00b", Status: vigil.FeedActive, LastFetch: t0, NextFetch: t0.Add(time.Minute),
				LastStatus: 503, LastError: "bad \xff gateway", Failures: math.MaxInt32, FailingSince: t0.Add(-time.Hour), Rate: math.Inf(1)},
			obs:  vigil.Observation{At: t0, Status: 503, Bytes: math.MaxInt64, Latency: -1, Items: math.MinInt32, Error: "e\x00rr \xfe"},
			want: vigil.Feed{Title: "ab", LastError: "bad \uFFFD gateway"},
		},
	}
	for _, batch := range []bool{false, true} {
		var records []*record
		ids := followedFeeds(t, db, fmt.Sprintf("wire-batch-%v", batch), len(cases), t0)
		for i, c := range cases {
			f, o := c.feed, c.obs
			o.FeedID = ids[i]
			r, err := newRecord(o, &f)
			if err != nil {
				t.Fatal(err)
			}
			records = append(records, r)
		}
		if batch {
			db.recordBatch(ctx, records)
		} else {
			for _, r := range records {
				db.recordBatch(ctx, []*record{r})
			}
		}
		for i, c := range cases {
			if err := <-records[i].done; err != nil {
				t.Fatalf("%s (batch %v): %v", c.name, batch, err)
			}
			checkStoredRecord(t, db, ids[i], c.feed, c.want, c.obs, fmt.Sprintf("%s (batch %v)", c.name, batch))
		}
	}
}

// checkStoredRecord compares the feed id and its one observation as
// stored with what was recorded.
func checkStoredRecord(t *testing.T, db *DB, id int64, f, want vigil.Feed, o vigil.Observation, name string) {
	t.Helper()
	ctx := context.Background()
	got, err := db.Feed(ctx, id)
	if err != nil {
		t.Fatal(err)
	}
	sameTime := func(a, b time.Time) bool { return a.IsZero() == b.IsZero() && a.Equal(b) }
	if got.Title != want.Title || got.LastError != want.LastError || got.SiteURL != f.SiteURL || got.Description != f.Description ||
		got.Language != f.Language || got.Status != f.Status || got.ETag != f.ETag || got.LastModified != f.LastModified ||
		!sameTime(got.LastFetch, f.LastFetch) || !sameTime(got.LastSuccess, f.LastSuccess) || !sameTime(got.NextFetch, f.NextFetch) ||
		!sameTime(got.FailingSince, f.FailingSince) || got.LastStatus != f.LastStatus || got.Failures != f.Failures ||
		got.Missing != f.Missing || got.Window != f.Window || !bytes.Equal(got.Model, f.Model) || got.Rate != f.Rate ||
		got.Hints.TTL != f.Hints.TTL || len(got.Hints.SkipHours) != len(f.Hints.SkipHours) {
		t.Errorf("%s: stored feed\n%+v\nwant\n%+v", name, *got, f)
	}
	obs, err := db.Observations(ctx, id, 0)
	if err != nil {
		t.Fatal(err)
	}
	if len(obs) != 1 {
		t.Fatalf("%s: %d observations, want 1", name, len(obs))
	}
	g := obs[0]
	if !g.At.Equal(o.At) || g.Status != o.Status || g.Bytes != o.Bytes || g.Latency != o.Latency || g.Items != o.Items ||
		g.NotModified != o.NotModified || g.Error != clean(o.Error) || g.NewItems != 0 || g.Updated != 0 {
		t.Errorf("%s: stored observation %+v, want %+v", name, g, o)
	}
}

// TestRecordWireRefusesWhatDoesNotFit checks that a record with a count
// past an integer column is refused as EINVALID, alone or in a batch, and
// stores nothing: the feed keeps its state and gains no observation.
func TestRecordWireRefusesWhatDoesNotFit(t *testing.T) {
	db := openTestDB(t)
	ctx := context.Background()
	t0 := time.Unix(1.7e9, 0)
	id := followedFeeds(t, db, "too-wide", 1, t0)[0]
	var err error
	for _, n := range []int{1, 2} {
		var records []*record
		for range n {
			f := &vigil.Feed{Status: vigil.FeedActive, ETag: "new", LastFetch: t0, Window: math.MaxInt32 + 1}
			r, err := newRecord(vigil.Observation{FeedID: id, At: t0, Status: 304, NotModified: true}, f)
			if err != nil {
				t.Fatal(err)
			}
			records = append(records, r)
		}
		if n == 1 {
			err = db.recordOne(ctx, records[0])
		} else {
			_, err = db.recordMany(ctx, records)
		}
		if vigil.ErrorCode(err) != vigil.EINVALID {
			t.Errorf("%d records with a window past 32 bits: %v, want EINVALID", n, err)
		}
	}
	f, err := db.Feed(ctx, id)
	if err != nil {
		t.Fatal(err)
	}
	obs, err := db.Observations(ctx, id, 0)
	if err != nil {
		t.Fatal(err)
	}
	if f.ETag != "" || f.Window != 0 || len(obs) != 0 {
		t.Errorf("after refused records: etag %q, window %d, %d observations; want none stored", f.ETag, f.Window, len(obs))
	}
}

// TestCheckParams checks that a record statement whose parameters the
// server types otherwise than the wire writes them is refused, naming the
// parameter.
func TestCheckParams(t *testing.T) {
	scalars := make([]uint32, len(recordParams))
	arrays := make([]uint32, len(recordParams))
	for i, p := range recordParams {
		scalars[i], arrays[i] = p.oid, arrayOf[p.oid]
	}
	wrong := append([]uint32(nil), scalars...)
	wrong[10] = oidInt8
	cases := []struct {
		name   string
		oids   []uint32
		arrays bool
		ok     bool
	}{
		{"scalars", scalars, false, true},
		{"arrays", arrays, true, true},
		{"scalars for an array statement", scalars, true, false},
		{"arrays for a scalar statement", arrays, false, false},
		{"one parameter fewer", scalars[1:], false, false},
		{"an int8 where an int4 is written", wrong, false, false},
	}
	for _, c := range cases {
		err := checkParams("s", c.oids, c.arrays)
		if (err == nil) != c.ok {
			t.Errorf("%s: %v", c.name, err)
		}
	}
}
