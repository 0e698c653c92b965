package storetest

import (
	"bytes"
	"encoding/json"
	"testing"
	"time"

	"vigil"
	"vigil/store"
)

// pageFetch is a successful page fetch at at bringing body, a new version
// (with a change from prev when prev is not 0).
func pageFetch(feedID int64, at time.Time, hash string, body []byte, prev int64) store.PageFetched {
	v := &store.NewVersion{Hash: hash, ContentType: "text/html", Body: body, Extract: json.RawMessage(`{"Text":"x"}`)}
	if prev != 0 {
		v.Change = &store.NewChange{PrevID: prev, Extents: json.RawMessage(`{"any":true}`), Severity: "important", Summary: "all new"}
	}
	return store.PageFetched{FeedID: feedID, Observation: vigil.Observation{At: at, Status: 200, Bytes: int64(len(body))},
		Version: v, Read: true, ContentType: "text/html"}
}

// keepPage is a decide function that leaves the feed state unchanged.
func keepPage(bool, *vigil.Feed) (*vigil.Feed, error) { return nil, nil }

// mustIngestPage stores a page fetch.
func mustIngestPage(t *testing.T, db store.Store, p store.PageFetched) store.PageIngested {
	t.Helper()
	got, err := db.IngestPage(ctx, p, keepPage)
	if err != nil {
		t.Fatalf("IngestPage: %v", err)
	}
	return got
}

func testFollowPageOwnerPassesOn(t *testing.T, h Harness) {
	db := h.open(t)
	alice, bob := mustUser(t, db, "alice"), mustUser(t, db, "bob")
	sub, err := db.FollowPage(ctx, alice.ID, "https://example.com/p", 1, t0)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := db.FollowPage(ctx, bob.ID, "https://example.com/p", 1, t0.Add(time.Minute)); err != nil {
		t.Fatal(err)
	}
	id := sub.Feed.ID
	if err := db.SetPageKinds(ctx, bob.ID, id, []string{"links"}); vigil.ErrorCode(err) != vigil.ECONFLICT {
		t.Errorf("bob setting kinds: %v, want conflict", err)
	}
	if err := db.SetPageKinds(ctx, alice.ID, id, []string{"text", "links"}); err != nil {
		t.Fatal(err)
	}
	if err := db.Unsubscribe(ctx, alice.ID, id); err != nil {
		t.Fatal(err)
	}
	p, err := db.Page(ctx, id)
	if err != nil {
		t.Fatal(err)
	}
	if p.OwnerID != bob.ID || len(p.Kinds) != 2 {
		t.Errorf("after alice left: owner %d kinds %v, want bob (%d) and [text links]", p.OwnerID, p.Kinds, bob.ID)
	}
	if err := db.SetPageKinds(ctx, bob.ID, id, []string{"images"}); err != nil {
		t.Errorf("bob as new owner: %v", err)
	}
}

func testFollowPageRefusesAFeed(t *testing.T, h Harness) {
	db := h.open(t)
	u := mustUser(t, db, "alice")
	mustSubscribe(t, db, u.ID, "https://example.com/feed")
	if _, err := db.FollowPage(ctx, u.ID, "https://example.com/feed", 1, t0); vigil.ErrorCode(err) != vigil.ECONFLICT {
		t.Errorf("FollowPage of a feed: %v, want conflict", err)
	}
	if _, err := db.Page(ctx, 1); vigil.ErrorCode(err) != vigil.ENOTFOUND {
		t.Errorf("Page of a feed: %v, want not found", err)
	}
}

func testIngestPageDeduplicatesBodies(t *testing.T, h Harness) {
	db := h.open(t)
	u := mustUser(t, db, "alice")
	sub, _ := db.FollowPage(ctx, u.ID, "https://example.com/p", 1, t0)
	id := sub.Feed.ID
	a, b := bytes.Repeat([]byte("<p>version a</p>"), 100), []byte("<p>version b</p>")
	first := mustIngestPage(t, db, pageFetch(id, t0, "ha", a, 0))
	if first.NewBytes == 0 || first.NewBytes >= int64(len(a)) || first.ChangeID != 0 {
		t.Errorf("first version: %+v, want compressed bytes below %d and no change", first, len(a))
	}
	second := mustIngestPage(t, db, pageFetch(id, t0.Add(time.Hour), "hb", b, first.VersionID))
	if again := mustIngestPage(t, db, pageFetch(id, t0.Add(90*time.Minute), "hb", b, first.VersionID)); again.VersionID != 0 || again.ChangeID != 0 {
		t.Errorf("a concurrent fetch of the same bytes stored %+v", again)
	}
	back := mustIngestPage(t, db, pageFetch(id, t0.Add(2*time.Hour), "ha", a, second.VersionID))
	if back.NewBytes != 0 || back.ChangeID == 0 {
		t.Errorf("return to version a: %+v, want no new bytes and a change", back)
	}
	unchanged := store.PageFetched{FeedID: id, Observation: vigil.Observation{At: t0.Add(3 * time.Hour), Status: 304, NotModified: true}}
	if got := mustIngestPage(t, db, unchanged); got.VersionID != 0 {
		t.Errorf("unchanged fetch stored version %d", got.VersionID)
	}
	latest, err := db.LatestVersion(ctx, id)
	if err != nil || !bytes.Equal(latest.Body, a) || latest.ID != back.VersionID {
		t.Fatalf("LatestVersion = %+v, %v", latest, err)
	}
	extract, err := db.VersionExtract(ctx, second.VersionID)
	if err != nil || extract.Body != nil || string(extract.Extract) != `{"Text":"x"}` || extract.Hash != "hb" ||
		extract.Size != int64(len(b)) || extract.ID != second.VersionID || extract.FeedID != id || !extract.At.Equal(t0.Add(time.Hour)) {
		t.Errorf("VersionExtract = %+v, %v; want version b's extract without its body", extract, err)
	}
	if _, err := db.VersionExtract(ctx, back.VersionID+100); vigil.ErrorCode(err) != vigil.ENOTFOUND {
		t.Errorf("VersionExtract of no version: %v, want ENOTFOUND", err)
	}
	obs, _ := db.Observations(ctx, id, 10)
	if len(obs) != 5 || obs[0].NewItems != 0 || obs[1].NewItems != 1 || obs[2].NewItems != 0 || obs[4].NewItems != 0 {
		t.Errorf("observations new counts wrong: %+v", obs)
	}
	p, _ := db.Page(ctx, id)
	if p.Versions != 3 || p.StoredBytes != first.NewBytes+second.NewBytes {
		t.Errorf("page = %+v, want 3 versions and %d bytes", p, first.NewBytes+second.NewBytes)
	}
}

func testEvaluateOnlyFollowers(t *testing.T, h Harness) {
	db := h.open(t)
	alice, eve := mustUser(t, db, "alice"), mustUser(t, db, "eve")
	sub, _ := db.FollowPage(ctx, alice.ID, "https://example.com/p", 1, t0)
	id := sub.Feed.ID
	v1 := mustIngestPage(t, db, pageFetch(id, t0, "h1", []byte("1"), 0))
	c := mustIngestPage(t, db, pageFetch(id, t0.Add(time.Hour), "h2", []byte("2"), v1.VersionID))
	tests := []struct {
		name string
		e    vigil.Evaluation
		code string
	}{
		{"follower", vigil.Evaluation{ChangeID: c.ChangeID, UserID: alice.ID, Rating: "important", Comment: "price", At: t0}, ""},
		{"again replaces", vigil.Evaluation{ChangeID: c.ChangeID, UserID: alice.ID, Rating: "significant", At: t0}, ""},
		{"not a follower", vigil.Evaluation{ChangeID: c.ChangeID, UserID: eve.ID, Rating: "important", At: t0}, vigil.ENOTFOUND},
		{"bad word", vigil.Evaluation{ChangeID: c.ChangeID, UserID: alice.ID, Rating: "huge", At: t0}, vigil.EINVALID},
	}
	for _, tt := range tests {
		if err := db.Evaluate(ctx, tt.e); vigil.ErrorCode(err) != tt.code {
			t.Errorf("%s: %v, want code %q", tt.name, err, tt.code)
		}
	}
	got, err := db.Change(ctx, alice.ID, c.ChangeID)
	if err != nil || len(got.Evaluations) != 1 || got.Evaluations[0].Rating != "significant" || got.Evaluations[0].UserName != "alice" {
		t.Fatalf("Change = %+v, %v", got, err)
	}
	if _, err := db.Change(ctx, eve.ID, c.ChangeID); vigil.ErrorCode(err) != vigil.ENOTFOUND {
		t.Errorf("eve reading the change: %v", err)
	}
	list, _ := db.Changes(ctx, store.ChangeQuery{UserID: eve.ID})
	if len(list) != 0 {
		t.Errorf("eve sees %d changes", len(list))
	}
}

func testPageFollowSettings(t *testing.T, h Harness) {
	db := h.open(t)
	u := mustUser(t, db, "alice")
	sub, _ := db.FollowPage(ctx, u.ID, "https://example.com/p", 1, t0)
	pf, err := db.PageFollow(ctx, u.ID, sub.Feed.ID)
	if err != nil || pf.Threshold != "significant" || pf.Frequency != "daily" {
		t.Fatalf("defaults = %+v, %v", pf, err)
	}
	if err := db.SetPageFollow(ctx, vigil.PageFollow{UserID: u.ID, FeedID: sub.Feed.ID, Threshold: "important", Frequency: "weekly"}); err != nil {
		t.Fatal(err)
	}
	if err := db.MarkChangesSeen(ctx, u.ID, sub.Feed.ID, 7); err != nil {
		t.Fatal(err)
	}
	if err := db.MarkChangesSeen(ctx, u.ID, sub.Feed.ID, 3); err != nil {
		t.Fatal(err)
	}
	pf, _ = db.PageFollow(ctx, u.ID, sub.Feed.ID)
	if pf.Threshold != "important" || pf.Frequency != "weekly" || pf.Seen != 7 {
		t.Errorf("settings = %+v", pf)
	}
	if err := db.SetPageFollow(ctx, vigil.PageFollow{UserID: u.ID, FeedID: sub.Feed.ID, Threshold: "important", Frequency: "hourly"}); vigil.ErrorCode(err) != vigil.EINVALID {
		t.Errorf("hourly: %v", err)
	}
}

func testDigestSettings(t *testing.T, h Harness) {
	db := h.open(t)
	u := mustUser(t, db, "alice")
	tests := []struct {
		d    vigil.DigestSettings
		code string
	}{
		{vigil.DigestSettings{UserID: u.ID, Email: "alice@example.org", Webhook: "https://hooks.example.org/x"}, ""},
		{vigil.DigestSettings{UserID: u.ID, Email: "Alice <alice@example.org>"}, vigil.EINVALID},
		{vigil.DigestSettings{UserID: u.ID, Webhook: "ftp://example.org"}, vigil.EINVALID},
		{vigil.DigestSettings{UserID: 99, Email: "x@example.org"}, vigil.ENOTFOUND},
	}
	for _, tt := range tests {
		if err := db.SetDigestSettings(ctx, tt.d); vigil.ErrorCode(err) != tt.code {
			t.Errorf("SetDigestSettings(%+v): %v, want %q", tt.d, err, tt.code)
		}
	}
	got, err := db.DigestSettings(ctx, u.ID)
	if err != nil || got.Email != "alice@example.org" || got.Off || got.Name != "alice" {
		t.Errorf("DigestSettings = %+v, %v", got, err)
	}
	if last, err := db.LastDigestDay(ctx); err != nil || last != "" {
		t.Errorf("LastDigestDay before any claim = %q, %v; want none", last, err)
	}
	first, _ := db.ClaimDigest(ctx, u.ID, "2026-03-02")
	second, _ := db.ClaimDigest(ctx, u.ID, "2026-03-02")
	if _, err := db.ClaimDigest(ctx, u.ID, "2026-02-27"); err != nil {
		t.Fatal(err)
	}
	if last, err := db.LastDigestDay(ctx); err != nil || last != "2026-03-02" {
		t.Errorf("LastDigestDay = %q, %v; want 2026-03-02, the latest claimed", last, err)
	}
	if !first || second {
		t.Errorf("claims: %v then %v, want true then false", first, second)
	}
	if err := db.ReleaseDigest(ctx, u.ID, "2026-03-02"); err != nil {
		t.Fatal(err)
	}
	if again, _ := db.ClaimDigest(ctx, u.ID, "2026-03-02"); !again {
		t.Error("a released digest cannot be claimed again")
	}
}

// testPageReturns checks the owner's setting of how many states tell a
// return: stored and read back, refused to others and out of range.
func testPageReturns(t *testing.T, h Harness) {
	db := h.open(t)
	alice, bob := mustUser(t, db, "alice"), mustUser(t, db, "bob")
	sub, err := db.FollowPage(ctx, alice.ID, "https://example.com/r", 1, t0)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := db.FollowPage(ctx, bob.ID, "https://example.com/r", 1, t0.Add(time.Minute)); err != nil {
		t.Fatal(err)
	}
	id := sub.Feed.ID
	tests := []struct {
		user int64
		n    int
		want string
	}{
		{alice.ID, 4, ""},
		{bob.ID, 3, vigil.ECONFLICT},
		{alice.ID, -1, vigil.EINVALID},
		{alice.ID, store.MaxReturns + 1, vigil.EINVALID},
	}
	for _, tt := range tests {
		if err := db.SetPageReturns(ctx, tt.user, id, tt.n); vigil.ErrorCode(err) != tt.want {
			t.Errorf("SetPageReturns(user %d, %d) = %v, want code %q", tt.user, tt.n, err, tt.want)
		}
	}
	if p, err := db.Page(ctx, id); err != nil || p.Returns != 4 {
		t.Errorf("page after the settings: %+v, %v; want returns 4, the refused ones not stored", p, err)
	}
}
