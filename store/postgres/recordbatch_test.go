package postgres

import (
	"context"
	"fmt"
	"testing"
	"time"

	"github.com/jackc/pgx/v5/pgxpool"

	"vigil"
)

// TestRecordBatchStoresEachOnce sends waiting records as the recorder
// does when fetches end while a statement is in flight: records of
// distinct feeds go in one statement, a second record of a feed in the
// next (after the first), and a record of an unknown feed fails alone.
func TestRecordBatchStoresEachOnce(t *testing.T) {
	db := openTestDB(t)
	ctx := context.Background()
	t0 := time.Unix(1.7e9, 0)
	ids := followedFeeds(t, db, "each-once", 5, t0)
	rec := func(id int64, at time.Time, etag string) *record {
		f := &vigil.Feed{Status: vigil.FeedActive, ETag: etag, LastFetch: at, NextFetch: at.Add(time.Hour), LastStatus: 304}
		r, err := newRecord(vigil.Observation{FeedID: id, At: at, Status: 304, NotModified: true}, f)
		if err != nil {
			t.Fatal(err)
		}
		return r
	}
	var records []*record
	for _, id := range ids {
		records = append(records, rec(id, t0.Add(time.Minute), "first"))
	}
	records = append(records, rec(ids[0], t0.Add(2*time.Minute), "second"), rec(ids[4]+1000, t0, "unknown"))
	db.rec.pending = records
	db.rec.sending = true
	db.rec.send(ctx)
	for i, r := range records {
		err := <-r.done
		if want := i == len(records)-1; (vigil.ErrorCode(err) == vigil.ENOTFOUND) != want || (!want && err != nil) {
			t.Errorf("record %d: %v", i, err)
		}
	}
	if db.rec.statements != 2 || db.rec.sending || len(db.rec.pending) != 0 {
		t.Errorf("%d statements (sending %v, %d left), want 2: the distinct feeds, then the second record of one",
			db.rec.statements, db.rec.sending, len(db.rec.pending))
	}
	for i, id := range ids {
		f, err := db.Feed(ctx, id)
		if err != nil {
			t.Fatal(err)
		}
		obs, err := db.Observations(ctx, id, 0)
		if err != nil {
			t.Fatal(err)
		}
		want, n := "first", 1
		if i == 0 {
			want, n = "second", 2
		}
		if f.ETag != want || f.LastStatus != 304 || len(obs) != n || !obs[0].NotModified {
			t.Errorf("feed %d: etag %q, status %d, %d observations; want %q, 304, %d", id, f.ETag, f.LastStatus, len(obs), want, n)
		}
	}
}

// TestRecordLeavesSessionsAsTheyWere checks that the settings a record
// statement runs with (a generic plan, a commit that does not wait for the
// disk) are the record session's alone: after records alone and in a
// batch, and a record of an unknown feed, every connection of the store's
// pool is idle, with the server's settings, and the record session is
// idle with its own.
func TestRecordLeavesSessionsAsTheyWere(t *testing.T) {
	db := openTestDB(t)
	ctx := context.Background()
	u := &vigil.User{Name: "ann"}
	if err := db.CreateUser(ctx, u); err != nil {
		t.Fatal(err)
	}
	t0 := time.Unix(1.7e9, 0)
	sub, err := db.Subscribe(ctx, u.ID, "https://f.example/feed", 1, t0)
	if err != nil {
		t.Fatal(err)
	}
	settings := func(conn *pgxpool.Conn) string {
		var v string
		if err := conn.QueryRow(ctx, `SELECT current_setting('plan_cache_mode') || ' ' || current_setting('synchronous_commit')`).Scan(&v); err != nil {
			t.Fatal(err)
		}
		return v
	}
	conn, err := db.pool.Acquire(ctx)
	if err != nil {
		t.Fatal(err)
	}
	want := settings(conn)
	conn.Release()
	newRec := func(id int64) *record {
		f := &vigil.Feed{Status: vigil.FeedActive, ETag: "e", LastFetch: t0, NextFetch: t0.Add(time.Hour), LastStatus: 304}
		r, err := newRecord(vigil.Observation{FeedID: id, At: t0, Status: 304, NotModified: true}, f)
		if err != nil {
			t.Fatal(err)
		}
		return r
	}
	cases := []struct {
		name    string
		records []*record
	}{
		{"one record", []*record{newRec(sub.Feed.ID)}},
		{"a batch", []*record{newRec(sub.Feed.ID), newRec(sub.Feed.ID + 1000)}},
		{"an unknown feed alone", []*record{newRec(sub.Feed.ID + 1000)}},
	}
	for _, c := range cases {
		db.recordBatch(ctx, c.records)
		for _, r := range c.records {
			<-r.done
		}
		for _, conn := range db.pool.AcquireAllIdle(ctx) {
			if s := conn.Conn().PgConn().TxStatus(); s != 'I' {
				t.Errorf("%s: a pooled connection in transaction state %c", c.name, s)
			} else if got := settings(conn); got != want {
				t.Errorf("%s: a session's settings became %q, want %q", c.name, got, want)
			}
			conn.Release()
		}
		rc, err := db.records.Acquire(ctx)
		if err != nil {
			t.Fatal(err)
		}
		if s := rc.Conn().PgConn().TxStatus(); s != 'I' {
			t.Errorf("%s: the record session in transaction state %c", c.name, s)
		} else if got := settings(rc); got != "force_generic_plan off" {
			t.Errorf("%s: the record session's settings are %q, want a generic plan and no wait for the disk", c.name, got)
		}
		rc.Release()
	}
}

// followedFeeds subscribes a new user named name to n feeds at t0 and
// returns their IDs.
func followedFeeds(t testing.TB, db *DB, name string, n int, t0 time.Time) []int64 {
	t.Helper()
	ctx := context.Background()
	u := &vigil.User{Name: name}
	if err := db.CreateUser(ctx, u); err != nil {
		t.Fatal(err)
	}
	ids := make([]int64, n)
	for i := range ids {
		sub, err := db.Subscribe(ctx, u.ID, fmt.Sprintf("https://%s-%d.example/feed", name, i), 1, t0)
		if err != nil {
			t.Fatal(err)
		}
		ids[i] = sub.Feed.ID
	}
	return ids
}
