package httpauth

import (
	"context"
	"fmt"
	"path/filepath"
	"testing"
	"time"

	"vigil"
	"vigil/store/sqlite"
)

// TestNoteReadingOncePerMinute checks what is recorded of a user reading:
// an access to all their feeds or a look at one, each at most once a
// minute and apart from the other, and that notes older than a minute are
// swept from memory.
func TestNoteReadingOncePerMinute(t *testing.T) {
	st, err := sqlite.Open(filepath.Join(t.TempDir(), "v.db"))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { st.Close() })
	ctx := context.Background()
	u := &vigil.User{Name: "alice", PasswordHash: "x"}
	if err := st.CreateUser(ctx, u); err != nil {
		t.Fatal(err)
	}
	sub, err := st.Subscribe(ctx, u.ID, "https://a.example/feed", 1, testNow)
	if err != nil {
		t.Fatal(err)
	}
	clk := &testClock{at: testNow}
	a := New(st, Config{Now: clk.now})
	steps := []struct {
		after time.Duration // since the step before
		feed  int64
	}{
		{0, 0},                // recorded
		{30 * time.Second, 0}, // within the minute: not
		{0, sub.Feed.ID},      // a look is apart: recorded
		{31 * time.Second, 0}, // a minute on: recorded
		{0, sub.Feed.ID},      // 31 s after the look: not
	}
	for _, s := range steps {
		clk.advance(s.after)
		a.NoteReading(ctx, u.ID, s.feed)
	}
	accesses, err := st.Accesses(ctx, time.Time{})
	if err != nil || len(accesses[u.ID]) != 2 {
		t.Fatalf("accesses %v %v, want 2", accesses, err)
	}
	looks, err := st.Looks(ctx, time.Time{})
	if err != nil || len(looks) != 1 || !looks[0].At.Equal(testNow.Add(30*time.Second)) {
		t.Fatalf("looks %+v %v, want one at %v", looks, err, testNow.Add(30*time.Second))
	}
	clk.advance(2 * time.Minute)
	a.NoteReading(ctx, u.ID, 0)
	if n := len(a.accesses.last); n != 1 {
		t.Fatalf("%d notes kept in memory after two quiet minutes, want 1 (the new one)", n)
	}
}

// TestManyLooksAreASync checks that looks at more than syncLooks different
// feeds within a minute, a reader app listing each feed's stream in turn,
// are recorded as one access to all the user's feeds after the first
// syncLooks looks, not as a look a feed.
func TestManyLooksAreASync(t *testing.T) {
	st, err := sqlite.Open(filepath.Join(t.TempDir(), "v.db"))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { st.Close() })
	ctx := context.Background()
	u := &vigil.User{Name: "alice", PasswordHash: "x"}
	if err := st.CreateUser(ctx, u); err != nil {
		t.Fatal(err)
	}
	clk := &testClock{at: testNow}
	a := New(st, Config{Now: clk.now})
	for i := range 8 {
		sub, err := st.Subscribe(ctx, u.ID, fmt.Sprintf("https://f%d.example/feed", i), 1, testNow)
		if err != nil {
			t.Fatal(err)
		}
		a.NoteReading(ctx, u.ID, sub.Feed.ID)
		clk.advance(time.Second)
	}
	looks, err := st.Looks(ctx, time.Time{})
	if err != nil || len(looks) != syncLooks {
		t.Fatalf("%d looks (%v), want %d", len(looks), err, syncLooks)
	}
	accesses, err := st.Accesses(ctx, time.Time{})
	if err != nil || len(accesses[u.ID]) != 1 || !accesses[u.ID][0].Equal(testNow.Add(syncLooks*time.Second)) {
		t.Fatalf("accesses %v %v, want one at the look after the first %d", accesses, err, syncLooks)
	}
}
