package storetest

import (
	"reflect"
	"testing"
	"time"

	"vigil"
	"vigil/store"
)

func testPageReading(t *testing.T, h Harness) {
	db := h.open(t)
	alice, bob := mustUser(t, db, "alice"), mustUser(t, db, "bob")
	sub, err := db.FollowPage(ctx, alice.ID, "https://example.com/shop", 1, t0)
	if err != nil {
		t.Fatal(err)
	}
	pid := sub.Feed.ID
	if _, err := db.FollowPage(ctx, bob.ID, "https://example.com/shop", 1, t0.Add(time.Second)); err != nil {
		t.Fatal(err)
	}
	p, err := db.Page(ctx, pid)
	if err != nil || p.PageReading != (vigil.PageReading{}) {
		t.Fatalf("a new page reads %+v, %v; want the zero settings", p.PageReading, err)
	}
	want := vigil.PageReading{Render: true, WaitFor: "#price", XPath: `//span[@class="price"]`, JQ: ".price"}
	tests := []struct {
		name string
		user int64
		r    vigil.PageReading
		code string
	}{
		{"the owner", alice.ID, want, ""},
		{"another follower", bob.ID, vigil.PageReading{Render: false}, vigil.ECONFLICT},
		{"a bad XPath", alice.ID, vigil.PageReading{XPath: "//div["}, vigil.EINVALID},
		{"a bad jq program", alice.ID, vigil.PageReading{JQ: ".a |"}, vigil.EINVALID},
		{"a bad selector to wait for", alice.ID, vigil.PageReading{WaitFor: "p["}, vigil.EINVALID},
	}
	for _, tt := range tests {
		if err := db.SetPageReading(ctx, tt.user, pid, tt.r); vigil.ErrorCode(err) != tt.code {
			t.Errorf("%s: SetPageReading = %v, want code %q", tt.name, err, tt.code)
		}
	}
	if p, err = db.Page(ctx, pid); err != nil || p.PageReading != want {
		t.Errorf("after the refused settings the page reads %+v, %v; want %+v", p.PageReading, err, want)
	}
}

func testPageConditions(t *testing.T, h Harness) {
	db := h.open(t)
	alice, bob := mustUser(t, db, "alice"), mustUser(t, db, "bob")
	sub, _ := db.FollowPage(ctx, alice.ID, "https://example.com/shop", 1, t0)
	pid := sub.Feed.ID
	db.FollowPage(ctx, bob.ID, "https://example.com/shop", 1, t0)
	conds := []vigil.Condition{{Kind: "below", Selector: ".price", Value: 15}, {Kind: "appears", Text: "in stock"}}
	if err := db.SetPageConditions(ctx, alice.ID, pid, conds); err != nil {
		t.Fatal(err)
	}
	if err := db.SetPageFollow(ctx, vigil.PageFollow{UserID: alice.ID, FeedID: pid, Threshold: "important", Frequency: "daily"}); err != nil {
		t.Fatal(err)
	}
	pf, err := db.PageFollow(ctx, alice.ID, pid)
	if err != nil || !reflect.DeepEqual(pf.Conditions, conds) || pf.Threshold != "important" {
		t.Errorf("PageFollow = %+v, %v; want the conditions kept beside the threshold", pf, err)
	}
	if pf, _ := db.PageFollow(ctx, bob.ID, pid); len(pf.Conditions) != 0 {
		t.Errorf("bob has conditions %+v he never set", pf.Conditions)
	}
	bad := []struct {
		name  string
		conds []vigil.Condition
	}{
		{"unknown kind", []vigil.Condition{{Kind: "rises"}}},
		{"no text", []vigil.Condition{{Kind: "appears"}}},
		{"bad selector", []vigil.Condition{{Kind: "above", Selector: "p[", Value: 1}}},
		{"too many", make([]vigil.Condition, store.MaxConditions+1)},
	}
	for _, tt := range bad {
		if err := db.SetPageConditions(ctx, alice.ID, pid, tt.conds); vigil.ErrorCode(err) != vigil.EINVALID {
			t.Errorf("%s: SetPageConditions = %v, want EINVALID", tt.name, err)
		}
	}
	if err := db.SetPageConditions(ctx, 99, pid, conds); vigil.ErrorCode(err) != vigil.ENOTFOUND {
		t.Errorf("a user who does not follow the page: %v, want ENOTFOUND", err)
	}
	all, err := db.PageConditions(ctx, pid)
	if err != nil || len(all) != 1 || !reflect.DeepEqual(all[alice.ID], conds) {
		t.Errorf("PageConditions = %+v, %v; want alice's alone", all, err)
	}
	if err := db.SetPageConditions(ctx, alice.ID, pid, nil); err != nil {
		t.Fatal(err)
	}
	if all, _ := db.PageConditions(ctx, pid); len(all) != 0 {
		t.Errorf("PageConditions after clearing = %+v", all)
	}
}

// testWithheldChange: a change withheld from a follower queues no message
// for them, while the other followers hear of it, and it is read back
// with the followers it was withheld from.
func testWithheldChange(t *testing.T, h Harness) {
	db := h.open(t)
	alice, bob := mustUser(t, db, "alice"), mustUser(t, db, "bob")
	sub, _ := db.FollowPage(ctx, alice.ID, "https://example.com/p", 1, t0)
	pid := sub.Feed.ID
	db.FollowPage(ctx, bob.ID, "https://example.com/p", 1, t0)
	mustChannel(t, db, alice.ID, "generic+http://127.0.0.1:9/alice")
	mustChannel(t, db, bob.ID, "generic+http://127.0.0.1:9/bob")
	first := mustIngestPage(t, db, pageFetch(pid, t0, "ha", []byte("<p>a</p>"), 0))
	next := pageFetch(pid, t0.Add(time.Hour), "hb", []byte("<p>b</p>"), first.VersionID)
	next.Version.Change.Withheld = []int64{alice.ID}
	got := mustIngestPage(t, db, next)
	msgs := claimAll(t, db, "w1", t0.Add(2*time.Hour))
	if len(msgs) != 1 || msgs[0].URL != "generic+http://127.0.0.1:9/bob" {
		t.Errorf("messages = %+v, want one, to bob's channel", msgs)
	}
	c, err := db.Change(ctx, bob.ID, got.ChangeID)
	if err != nil || !reflect.DeepEqual(c.Withheld, []int64{alice.ID}) {
		t.Errorf("Change = %+v, %v; want it withheld from alice", c, err)
	}
	list, err := db.Changes(ctx, store.ChangeQuery{FeedID: pid})
	if err != nil || len(list) != 1 || len(list[0].Withheld) != 1 {
		t.Errorf("Changes = %+v, %v", list, err)
	}
}

func testPageNoiseForgotten(t *testing.T, h Harness) {
	db := h.open(t)
	alice, bob := mustUser(t, db, "alice"), mustUser(t, db, "bob")
	sub, err := db.FollowPage(ctx, alice.ID, "https://example.com/counter", 1, t0)
	if err != nil {
		t.Fatal(err)
	}
	pid := sub.Feed.ID
	if _, err := db.FollowPage(ctx, bob.ID, "https://example.com/counter", 1, t0.Add(time.Second)); err != nil {
		t.Fatal(err)
	}
	if p, err := db.Page(ctx, pid); err != nil || len(p.NoiseForgotten) != 0 {
		t.Fatalf("a new page has undone noise %q, %v; want none", p.NoiseForgotten, err)
	}
	want := []string{"numbers:body/p#views:0", "param:v"}
	tests := []struct {
		name string
		user int64
		keys []string
		code string
	}{
		{"the owner, repeats and order", alice.ID, []string{"param:v", "numbers:body/p#views:0", "param:v"}, ""},
		{"another follower", bob.ID, []string{"param:sid"}, vigil.ECONFLICT},
		{"not a noise key", alice.ID, []string{"colour:red"}, vigil.EINVALID},
		{"too many", alice.ID, make([]string, store.MaxNoiseForgotten+1), vigil.EINVALID},
	}
	for _, tt := range tests {
		if err := db.SetPageNoiseForgotten(ctx, tt.user, pid, tt.keys); vigil.ErrorCode(err) != tt.code {
			t.Errorf("%s: SetPageNoiseForgotten = %v, want code %q", tt.name, err, tt.code)
		}
	}
	if p, err := db.Page(ctx, pid); err != nil || !reflect.DeepEqual(p.NoiseForgotten, want) {
		t.Errorf("after the refused lists the page has undone %q, %v; want %q", p.NoiseForgotten, err, want)
	}
}
