package storetest

import (
	"bufio"
	"fmt"
	"io"
	"math/rand/v2"
	"os"
	"os/exec"
	"strings"
	"syscall"
	"testing"
	"time"

	"vigil"
	"vigil/store"
)

// childEnv names the store a child process of killDuringIngest ingests
// into; Run in a process with it set runs ingestUntilKilled.
const childEnv = "VIGIL_STORETEST_KILL_CHILD"

// childStarted is the line a child prints once its first fetch is stored.
const childStarted = "storetest: child ingesting"

// waitForLine reads r until a line equal to want, and reports whether it
// came within limit; the rest of r is drained in the background.
func waitForLine(r io.Reader, want string, limit time.Duration) bool {
	seen := make(chan struct{})
	go func() {
		sc := bufio.NewScanner(r)
		found := false
		for sc.Scan() {
			if !found && sc.Text() == want {
				found = true
				close(seen)
			}
		}
	}()
	select {
	case <-seen:
		return true
	case <-time.After(limit):
		return false
	}
}

// Shape of the kill test: feeds ingested round-robin, new items per fetch,
// and child processes started and killed.
const (
	killFeeds     = 6
	killFetchSize = 7
	killRounds    = 6
)

// testKillDuringIngest starts child processes that ingest fetches into the
// same store as fast as they can and kills each with SIGKILL at a random
// moment (fixed seed); afterwards the store must open and be consistent:
// every feed holds exactly the items its stored observations account for,
// whole fetches only (each fetch brings killFetchSize new items), no key
// twice, and the item counts agree.
func testKillDuringIngest(t *testing.T, h Harness) {
	if testing.Short() {
		t.Skip("starts child processes")
	}
	name := h.New(t)
	db := openNamed(t, h, name)
	ann := mustUser(t, db, "ann")
	for i := range killFeeds {
		mustSubscribe(t, db, ann.ID, fmt.Sprintf("https://kill%d.example/feed", i))
	}
	top, _, _ := strings.Cut(t.Name(), "/")
	rng := rand.New(rand.NewPCG(3, 5))
	for round := range killRounds {
		cmd := exec.Command(os.Args[0], "-test.run=^"+top+"$", "-test.count=1")
		cmd.Env = append(os.Environ(), childEnv+"="+name)
		cmd.Stderr = os.Stderr
		out, err := cmd.StdoutPipe()
		if err != nil {
			t.Fatal(err)
		}
		if err := cmd.Start(); err != nil {
			t.Fatal(err)
		}
		// The kill falls at a random moment after the child's first
		// stored fetch, however long the child took to start.
		started := waitForLine(out, childStarted, time.Minute)
		time.Sleep(time.Duration(50+rng.IntN(900)) * time.Millisecond)
		cmd.Process.Signal(syscall.SIGKILL)
		if !started {
			cmd.Wait()
			t.Fatalf("round %d: the child stored no fetch within a minute", round)
		}
		if err := cmd.Wait(); err == nil {
			t.Fatalf("round %d: the child ended before the kill", round)
		}
	}
	after := openNamed(t, h, name)
	if n := checkWholeFetches(t, after); n == 0 {
		t.Fatal("the children stored no fetch before being killed: the test proves nothing")
	} else {
		t.Logf("%d fetches stored by %d killed children", n, killRounds)
	}
}

// openNamed opens the store called name, closed when the test ends.
func openNamed(t *testing.T, h Harness, name string) store.Store {
	t.Helper()
	s, err := h.Open(name)
	if err != nil {
		t.Fatalf("Open after kills: %v", err)
	}
	t.Cleanup(func() { s.Close() })
	return s
}

// checkWholeFetches verifies the ledger of every feed and returns how many
// fetches are stored.
func checkWholeFetches(t *testing.T, db store.Store) int {
	feeds, err := db.Feeds(ctx)
	if err != nil {
		t.Fatal(err)
	}
	total := 0
	for _, f := range feeds {
		obs, err := db.Observations(ctx, f.ID, 0)
		if err != nil {
			t.Fatal(err)
		}
		keys := map[string]bool{}
		for _, it := range everyItem(t, db, f.ID) {
			if keys[it.Key] {
				t.Fatalf("feed %d: item %s stored twice", f.ID, it.Key)
			}
			keys[it.Key] = true
		}
		for _, o := range obs {
			if o.NewItems != killFetchSize {
				t.Fatalf("feed %d: an observation records %d new items, want a whole fetch of %d", f.ID, o.NewItems, killFetchSize)
			}
		}
		if want := len(obs) * killFetchSize; len(keys) != want || f.ItemCount != want {
			t.Fatalf("feed %d: %d items stored (count %d), but %d observations account for %d", f.ID, len(keys), f.ItemCount, len(obs), want)
		}
		total += len(obs)
	}
	return total
}

// everyItem pages through every stored item of a feed.
func everyItem(t *testing.T, db store.Store, feedID int64) []vigil.Item {
	var all []vigil.Item
	for off := 0; ; off += MaxItemLimit {
		items, err := db.Items(ctx, vigil.ItemQuery{FeedID: feedID, Limit: MaxItemLimit, Offset: off})
		if err != nil {
			t.Fatal(err)
		}
		all = append(all, items...)
		if len(items) < MaxItemLimit {
			return all
		}
	}
}

// ingestUntilKilled is the child's part: it ingests fetches of
// killFetchSize new items into the feeds of the store called name, round
// robin, until it is killed (or a minute passes).
func ingestUntilKilled(h Harness, name string) {
	db, err := h.Open(name)
	if err != nil {
		fmt.Fprintln(os.Stderr, "child:", err)
		os.Exit(3)
	}
	feeds, err := db.Feeds(ctx)
	if err != nil || len(feeds) == 0 {
		fmt.Fprintln(os.Stderr, "child: no feeds:", err)
		os.Exit(3)
	}
	deadline := time.Now().Add(time.Minute)
	for n := 0; time.Now().Before(deadline); n++ {
		f := feeds[n%len(feeds)]
		items := makeItems(fmt.Sprintf("p%d-n%d-", os.Getpid(), n), killFetchSize)
		for i := range items {
			items[i].Content = strings.Repeat("<p>a paragraph of the item's body</p>", 20)
		}
		decide := func(_ vigil.Ingested, cur *vigil.Feed) (*vigil.Feed, error) {
			cur.NextFetch = t0.Add(time.Duration(n) * time.Second)
			return cur, nil
		}
		if _, err := db.Ingest(ctx, fetched(f.ID, t0.Add(time.Duration(n)*time.Second), items), decide); err != nil {
			fmt.Fprintln(os.Stderr, "child:", err)
			os.Exit(3)
		}
		if n == 0 {
			fmt.Println(childStarted)
		}
	}
	os.Exit(4)
}
