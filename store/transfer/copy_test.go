package transfer_test

import (
	"context"
	"database/sql"
	"fmt"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
	"time"

	"vigil"
	"vigil/store"
	"vigil/store/postgres"
	"vigil/store/postgres/pgtest"
	"vigil/store/sqlite"
	"vigil/store/transfer"
)

var ctx = context.Background()

// t0 is the base instant of the tests, with nanoseconds to catch rounding.
var t0 = time.Date(2025, 3, 1, 12, 0, 0, 123456789, time.UTC)

// fill stores something in every table of st and returns the user.
func fill(t *testing.T, st store.Store) *vigil.User {
	t.Helper()
	must := func(err error) {
		t.Helper()
		if err != nil {
			t.Fatal(err)
		}
	}
	ann := &vigil.User{Name: "ann", PasswordHash: "pw", TokenHash: "tok", CreatedAt: t0, Interests: "birds"}
	must(st.CreateUser(ctx, ann))
	must(st.CreateUser(ctx, &vigil.User{Name: "bob", CreatedAt: t0}))
	must(st.CreateSession(ctx, "sess", ann.ID, t0.Add(time.Hour)))
	var feeds []int64
	for i := range 3 {
		sub, err := st.Subscribe(ctx, ann.ID, fmt.Sprintf("https://f%d.example/feed", i), 1.5, t0)
		must(err)
		feeds = append(feeds, sub.Feed.ID)
		var items []vigil.Item
		for k := range 4 {
			items = append(items, vigil.Item{Key: fmt.Sprintf("k%d", k), Hash: fmt.Sprintf("h%d", k),
				Title: fmt.Sprintf("Osprey %d of feed %d", k, i), Summary: "<p>Café and fish</p>",
				Content: "<p>Café and fish</p><p>more</p>", Published: t0.Add(-time.Duration(k) * time.Hour)})
		}
		// Empty bodies too: SQLite reads an empty stored body as no bytes.
		items = append(items,
			vigil.Item{Key: "k4", Hash: "h4", Title: "Heron", Summary: "<p>A heron</p>", Published: t0.Add(-4 * time.Hour)},
			vigil.Item{Key: "k5", Hash: "h5", Title: "Heron", Content: "<p>A heron</p>", Published: t0.Add(-5 * time.Hour)})
		_, err = st.Ingest(ctx, vigil.Fetched{FeedID: sub.Feed.ID, Observation: vigil.Observation{At: t0, Status: 200, NotModified: i == 2}, Items: items},
			func(_ vigil.Ingested, f *vigil.Feed) (*vigil.Feed, error) {
				f.Title, f.Model, f.NextFetch = fmt.Sprintf("Feed %d", i), []byte(`{"rate":1}`), t0.Add(time.Hour)
				return f, nil
			})
		must(err)
	}
	items, err := st.Items(ctx, vigil.ItemQuery{UserID: ann.ID})
	must(err)
	must(st.MarkRead(ctx, ann.ID, []int64{items[0].ID}, true))
	must(st.StarItems(ctx, ann.ID, []int64{items[1].ID}, true))
	must(st.MarkOpened(ctx, ann.ID, items[2].ID, t0))
	must(st.RecordAccess(ctx, ann.ID, 0, t0))
	must(st.RecordAccess(ctx, ann.ID, feeds[0], t0)) // a look at the same instant: NULLs sort apart in the two stores
	_, err = st.MoveFeed(ctx, feeds[2], "https://moved.example/feed", t0)
	must(err)
	must(st.SaveProfiles(ctx, store.ProfileBatch{Through: 5, Documents: 5, DFDelta: map[string]int64{"osprey": 3, "fish": 2},
		Channels: []store.ChannelProfile{{Profile: vigil.Profile{FeedID: feeds[0], Cohesion: 0.25,
			Terms: []vigil.TermWeight{{Term: "osprey", Weight: 0.5}}}, State: []byte{1, 2, 3}}}}))
	fillReading(t, st, ann, feeds)
	fillPages(t, st, ann)
	return ann
}

// fillReading stores folders, a user's own title, a Fever key and digest
// settings and claims.
func fillReading(t *testing.T, st store.Store, ann *vigil.User, feeds []int64) {
	t.Helper()
	for _, err := range []error{
		st.SetFolder(ctx, ann.ID, feeds[0], "Birds/Sea"),
		st.RenameSubscription(ctx, ann.ID, feeds[1], "My own title"),
		st.SetFeverKey(ctx, ann.ID, "fever-hash"),
		st.SetDigestSettings(ctx, vigil.DigestSettings{UserID: ann.ID, Email: "ann@example.org", Webhook: "https://hook.example/x"}),
		st.SetDigestSettings(ctx, vigil.DigestSettings{UserID: ann.ID + 1, Off: true}),
	} {
		if err != nil {
			t.Fatal(err)
		}
	}
	if ok, err := st.ClaimDigest(ctx, ann.ID, "2025-03-01"); !ok || err != nil {
		t.Fatalf("ClaimDigest = %v, %v", ok, err)
	}
}

// fillPages stores a page two users follow, with two versions, a daily and
// a weekly change, an evaluation and both followers' settings.
func fillPages(t *testing.T, st store.Store, ann *vigil.User) {
	t.Helper()
	must := func(err error) {
		t.Helper()
		if err != nil {
			t.Fatal(err)
		}
	}
	bob, err := st.UserByName(ctx, "bob")
	must(err)
	sub, err := st.FollowPage(ctx, ann.ID, "https://page.example/", 1, t0)
	must(err)
	_, err = st.FollowPage(ctx, bob.ID, "https://page.example/", 2, t0.Add(time.Minute))
	must(err)
	id := sub.Feed.ID
	must(st.SetPageKinds(ctx, ann.ID, id, []string{"text", "links"}))
	must(st.SetPageIgnore(ctx, ann.ID, id, []string{`\d+ visitors`}))
	_, err = st.AddChannel(ctx, vigil.Channel{UserID: ann.ID, URL: "ntfy://ntfy.example/ann-s3cret", Created: t0})
	must(err)
	must(st.RecordDelivery(ctx, 1, t0, "503 Service Unavailable"))
	_, err = st.AddAlertRule(ctx, vigil.AlertRule{UserID: ann.ID, Query: "osprey", Created: t0})
	must(err)
	keep := func(bool, *vigil.Feed) (*vigil.Feed, error) { return nil, nil }
	version := func(at time.Time, hash, body string, prev int64) store.PageFetched {
		v := &store.NewVersion{Hash: hash, ContentType: "text/html", Body: []byte(body), Extract: []byte(`{"Text":"` + body + `"}`)}
		if prev != 0 {
			v.Change = &store.NewChange{PrevID: prev, Extents: []byte(`{"text":1}`), Severity: "important", Summary: "changed"}
		}
		return store.PageFetched{FeedID: id, Observation: vigil.Observation{At: at, Status: 200}, Version: v,
			Read: true, ContentType: "text/html", Noise: []byte(`{"blocks":2}`)}
	}
	first, err := st.IngestPage(ctx, version(t0, "hash-1", "<p>one</p>", 0), keep)
	must(err)
	second, err := st.IngestPage(ctx, version(t0.Add(time.Hour), "hash-2", "<p>two</p>", first.VersionID), keep)
	must(err)
	_, err = st.AddGroupChange(ctx, id, "weekly", second.VersionID,
		store.NewChange{PrevID: first.VersionID, Extents: []byte(`{}`), Severity: "negligible", Summary: "week"}, t0.Add(2*time.Hour))
	must(err)
	must(st.Evaluate(ctx, vigil.Evaluation{ChangeID: second.ChangeID, UserID: ann.ID, Rating: "significant", Comment: "ok", At: t0}))
	must(st.SetPageFollow(ctx, vigil.PageFollow{UserID: bob.ID, FeedID: id, Threshold: "important", Frequency: "weekly"}))
	must(st.MarkChangesSeen(ctx, ann.ID, id, second.ChangeID))
	must(st.SavePlanState(ctx, "accrued", []byte(`{"theta":2}`), t0))
	must(st.SavePush(ctx, vigil.Push{FeedID: 1, Hub: "https://hub.example/", Topic: "https://a.example/feed",
		State: vigil.PushActive, Key: "key", Secret: "s3cret", Requested: t0, LeaseUntil: t0.Add(time.Hour)}))
}

func TestCopyKeepsEverything(t *testing.T) {
	path := filepath.Join(t.TempDir(), "vigil.db")
	src, err := sqlite.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	ann := fill(t, src)
	dst, err := postgres.Open(ctx, pgtest.Schema(t))
	if err != nil {
		t.Fatal(err)
	}
	defer dst.Close()
	reports, err := transfer.Copy(ctx, path, dst)
	if err != nil {
		t.Fatal(err)
	}
	rows := map[string]int64{}
	for _, r := range reports {
		rows[r.Name] = r.Rows
	}
	want := map[string]int64{"users": 2, "sessions": 1, "feeds": 4, "subscriptions": 5, "items": 18, "item_states": 3,
		"observations": 5, "notices": 1, "accesses": 2, "profiles": 1, "term_df": 2, "profiler": 1,
		"pages": 1, "page_blobs": 2, "page_versions": 2, "page_changes": 2, "evaluations": 1, "page_follows": 2, "digests": 1, "plan_states": 1,
		"notify_channels": 1, "alert_rules": 1, "outbox": 1, "push_subscriptions": 1}
	if !reflect.DeepEqual(rows, want) {
		t.Errorf("rows copied = %v, want %v", rows, want)
	}
	// Every reading method answers the same on both stores.
	reads := []struct {
		name string
		read func(s store.Store) (any, error)
	}{
		{"users", func(s store.Store) (any, error) { return s.Users(ctx) }},
		{"subscriptions", func(s store.Store) (any, error) { return s.Subscriptions(ctx, ann.ID) }},
		{"feeds", func(s store.Store) (any, error) { return s.Feeds(ctx) }},
		{"items", func(s store.Store) (any, error) { return s.Items(ctx, vigil.ItemQuery{UserID: ann.ID, Limit: 100}) }},
		{"search", func(s store.Store) (any, error) { return s.SearchItems(ctx, ann.ID, "cafe osprey", 100) }},
		{"interest items", func(s store.Store) (any, error) { return s.InterestItems(ctx, ann.ID, 0) }},
		{"session", func(s store.Store) (any, error) { return s.SessionUser(ctx, "sess", t0) }},
		{"notices", func(s store.Store) (any, error) { return s.Notices(ctx, ann.ID) }},
		{"accesses", func(s store.Store) (any, error) { return s.Accesses(ctx, time.Time{}) }},
		{"looks", func(s store.Store) (any, error) { return s.Looks(ctx, time.Time{}) }},
		{"profiler state", func(s store.Store) (any, error) { return store.ReadProfilerState(ctx, s) }},
		{"profiles", func(s store.Store) (any, error) { return s.Profiles(ctx) }},
		{"observations", func(s store.Store) (any, error) { return s.Observations(ctx, 1, 0) }},
		{"page", func(s store.Store) (any, error) { return s.Page(ctx, 4) }},
		{"versions", func(s store.Store) (any, error) { return s.Versions(ctx, 4, 0) }},
		{"latest version", func(s store.Store) (any, error) { return s.LatestVersion(ctx, 4) }},
		{"first version", func(s store.Store) (any, error) { return s.VersionAt(ctx, 4, t0) }},
		{"daily changes", func(s store.Store) (any, error) { return s.Changes(ctx, store.ChangeQuery{FeedID: 4}) }},
		{"weekly changes", func(s store.Store) (any, error) {
			return s.Changes(ctx, store.ChangeQuery{FeedID: 4, Group: "weekly"})
		}},
		{"page follow", func(s store.Store) (any, error) { return s.PageFollow(ctx, 2, 4) }},
		{"digest settings", func(s store.Store) (any, error) { return s.AllDigestSettings(ctx) }},
		{"channels", func(s store.Store) (any, error) { return s.Channels(ctx, ann.ID) }},
		{"alert rules", func(s store.Store) (any, error) { return s.AlertRules(ctx, ann.ID) }},
		{"pushes", func(s store.Store) (any, error) { return s.Pushes(ctx) }},
		{"outbox", func(s store.Store) (any, error) {
			return s.ClaimMessages(ctx, store.MessageClaim{Owner: "copy-test", Now: t0.Add(24 * time.Hour), Lease: time.Minute, Channels: 10})
		}},
		{"fever key", func(s store.Store) (any, error) { return s.UserByFeverKey(ctx, "fever-hash") }},
		{"stream", func(s store.Store) (any, error) {
			return s.StreamEntries(ctx, vigil.StreamQuery{UserID: ann.ID, Folder: "Birds/Sea", Limit: 100})
		}},
	}
	for _, r := range reads {
		a, errA := r.read(src)
		b, errB := r.read(dst)
		if errA != nil || errB != nil || !reflect.DeepEqual(a, b) {
			t.Errorf("%s differ:\nsqlite   %+v (%v)\npostgres %+v (%v)", r.name, a, errA, b, errB)
		}
	}
	src.Close()
	// New rows take IDs after the copied ones.
	carl := &vigil.User{Name: "carl"}
	if err := dst.CreateUser(ctx, carl); err != nil || carl.ID != 3 {
		t.Errorf("a new user after the copy got ID %d (%v), want 3", carl.ID, err)
	}
	// A page's next version takes an ID after the copied ones, and the
	// digest already claimed stays claimed.
	got, err := dst.IngestPage(ctx, store.PageFetched{FeedID: 4, Observation: vigil.Observation{At: t0.Add(3 * time.Hour), Status: 200},
		Version: &store.NewVersion{Hash: "hash-3", Body: []byte("three")}}, func(bool, *vigil.Feed) (*vigil.Feed, error) { return nil, nil })
	if err != nil || got.VersionID != 3 {
		t.Errorf("a new version after the copy got ID %d (%v), want 3", got.VersionID, err)
	}
	if ok, err := dst.ClaimDigest(ctx, ann.ID, "2025-03-01"); ok || err != nil {
		t.Errorf("ClaimDigest of a day claimed before the copy = %v, %v; want false", ok, err)
	}
}

func TestCopyRefusesANonEmptyTarget(t *testing.T) {
	path := filepath.Join(t.TempDir(), "vigil.db")
	src, err := sqlite.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	fill(t, src)
	src.Close()
	dst, err := postgres.Open(ctx, pgtest.Schema(t))
	if err != nil {
		t.Fatal(err)
	}
	defer dst.Close()
	if err := dst.CreateUser(ctx, &vigil.User{Name: "zed"}); err != nil {
		t.Fatal(err)
	}
	_, err = transfer.Copy(ctx, path, dst)
	if vigil.ErrorCode(err) != vigil.ECONFLICT || !strings.Contains(err.Error(), "not empty") {
		t.Fatalf("Copy into a database with a user = %v, want ECONFLICT saying it is not empty", err)
	}
	users, err := dst.Users(ctx)
	if err != nil || len(users) != 1 || users[0].Name != "zed" {
		t.Errorf("target users after the refused copy = %+v, %v; want zed alone", users, err)
	}
}

func TestCopyRefusesUnknownTables(t *testing.T) {
	path := filepath.Join(t.TempDir(), "vigil.db")
	src, err := sqlite.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	fill(t, src)
	src.Close()
	raw, err := sql.Open("sqlite", path)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := raw.Exec(`CREATE TABLE extras (id INTEGER PRIMARY KEY, note TEXT)`); err != nil {
		t.Fatal(err)
	}
	raw.Close()
	dst, err := postgres.Open(ctx, pgtest.Schema(t))
	if err != nil {
		t.Fatal(err)
	}
	defer dst.Close()
	_, err = transfer.Copy(ctx, path, dst)
	if vigil.ErrorCode(err) != vigil.EINVALID || !strings.Contains(err.Error(), "extras") {
		t.Fatalf("Copy of a source with an unknown table = %v, want EINVALID naming it", err)
	}
	users, err := dst.Users(ctx)
	if err != nil || len(users) != 0 {
		t.Errorf("target users after the refused copy = %+v, %v; want none", users, err)
	}
}
