package greader_test

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"vigil/internal/longtest"
)

// TestNewsboat drives Debian's newsboat, a real Google Reader client (its
// "feedhq" mode), under tmux against vigil on loopback: it logs in, lists
// the feeds and their items, opens one item (which marks it read) and
// flags another with the star flag; vigil's store must show both, and the
// sync as alice reading (newsboat reads each feed's Atom stream: a look at
// that feed). It is a long check: it runs only with VIGIL_LONG_TESTS=1
// (.ci/run's second pass).
func TestNewsboat(t *testing.T) {
	longtest.Need(t)
	for _, tool := range []string{"newsboat", "tmux"} {
		longtest.Tool(t, tool, "apt-get install -y newsboat tmux")
	}
	e := newEnv(t)
	alice := e.user("alice")
	feed := e.follow(alice, "https://a.example/feed")
	if err := e.st.SetFolder(t.Context(), alice.ID, feed, "News"); err != nil {
		t.Fatal(err)
	}
	if err := e.st.RenameSubscription(t.Context(), alice.ID, feed, "Alpha News"); err != nil {
		t.Fatal(err)
	}
	ids := e.ingest(feed, "a", 3)
	nb := startNewsboat(t, e.url+"/", "alice", alice.token)

	nb.waitFor("(3/3) Alpha News", "the feed with its 3 unread items in the feed list")
	nb.keys("Enter") // open the feed
	nb.waitFor("Item a0", "the article list")
	nb.keys("Enter") // open the first article, the newest: newsboat marks it read
	nb.waitFor("body", "the article")
	nb.keys("q")
	nb.waitFor("Item a0", "the article list again")
	nb.keys("Down", "C-e") // the second article's flags
	nb.waitFor("Flags:", "the flags prompt")
	nb.keys("s", "Enter")
	time.Sleep(500 * time.Millisecond)
	nb.keys("q", "q")

	deadline := time.Now().Add(10 * time.Second)
	for {
		read, starred := e.itemStates(alice, ids)
		if read == fmt.Sprint(ids[2]) && starred == fmt.Sprint(ids[1]) {
			e.wantSyncLearned(alice, feed)
			return
		}
		if time.Now().After(deadline) {
			t.Fatalf("after newsboat: read %q, starred %q; want read %d (a2) and starred %d (a1)\nscreen:\n%s\nlog:\n%s",
				read, starred, ids[2], ids[1], nb.screen(), nb.log())
		}
		time.Sleep(100 * time.Millisecond)
	}
}

// wantSyncLearned checks that a client's sync was recorded as u reading:
// an access to all their feeds, or a look at feed alone, at testNow.
func (e *env) wantSyncLearned(u tester, feed int64) {
	e.t.Helper()
	accesses, err := e.st.Accesses(e.t.Context(), time.Time{})
	if err != nil {
		e.t.Fatal(err)
	}
	looks, err := e.st.Looks(e.t.Context(), time.Time{})
	if err != nil {
		e.t.Fatal(err)
	}
	e.t.Logf("the sync was recorded as %d accesses and %d looks", len(accesses[u.ID]), len(looks))
	for _, l := range looks {
		if l.UserID != u.ID || l.FeedID != feed || !l.At.Equal(testNow) {
			e.t.Errorf("look %+v, want one of user %d at feed %d at %v", l, u.ID, feed, testNow)
		}
	}
	if len(accesses[u.ID]) == 0 && len(looks) == 0 {
		e.t.Error("the client's sync was not recorded as the user reading")
	}
}

// itemStates lists the IDs of u's read and starred items among ids.
func (e *env) itemStates(u tester, ids []int64) (read, starred string) {
	items, err := e.st.ItemsByID(e.t.Context(), u.ID, ids)
	if err != nil {
		e.t.Fatal(err)
	}
	var r, s []string
	for _, it := range items {
		if it.Read {
			r = append(r, fmt.Sprint(it.ID))
		}
		if it.Starred {
			s = append(s, fmt.Sprint(it.ID))
		}
	}
	return strings.Join(r, ","), strings.Join(s, ",")
}

// newsboat is a newsboat running in a detached tmux session on a private
// tmux server.
type newsboat struct {
	t              *testing.T
	socket, dir    string
	session        string
	debugLog, logs string
}

// startNewsboat writes a configuration for vigil at endpoint and starts
// newsboat under tmux, in a home directory of its own.
func startNewsboat(t *testing.T, endpoint, login, password string) *newsboat {
	dir := t.TempDir()
	nb := &newsboat{t: t, socket: "vigil-test-" + filepath.Base(dir), dir: dir, session: "nb", debugLog: filepath.Join(dir, "debug.log")}
	config := strings.Join([]string{
		`urls-source "feedhq"`,
		fmt.Sprintf(`feedhq-url "%s"`, endpoint),
		fmt.Sprintf(`feedhq-login "%s"`, login),
		fmt.Sprintf(`feedhq-password "%s"`, password),
		`feedhq-flag-star "s"`,
		`feedhq-show-special-feeds "no"`,
		`refresh-on-startup yes`,
		`show-read-feeds yes`,
		`confirm-exit no`,
		`feedlist-format "%4i %n %11u %t"`,
	}, "\n") + "\n"
	for name, text := range map[string]string{"config": config, "urls": ""} {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(text), 0o600); err != nil {
			t.Fatal(err)
		}
	}
	cmd := fmt.Sprintf("newsboat -C %s/config -u %s/urls -c %s/cache.db -d %s -l 6; sleep 30",
		dir, dir, dir, nb.debugLog)
	nb.tmux("new-session", "-d", "-s", nb.session, "-x", "160", "-y", "40",
		"env", "HOME="+dir, "XDG_CONFIG_HOME="+dir, "XDG_DATA_HOME="+dir, "TERM=screen", "LANG=C.UTF-8", "sh", "-c", cmd)
	t.Cleanup(func() {
		exec.Command("tmux", "-L", nb.socket, "kill-server").Run()
	})
	return nb
}

// tmux runs a tmux command on the test's own tmux server.
func (nb *newsboat) tmux(args ...string) string {
	nb.t.Helper()
	out, err := exec.Command("tmux", append([]string{"-L", nb.socket}, args...)...).CombinedOutput()
	if err != nil {
		nb.t.Fatalf("tmux %v: %v\n%s", args, err, out)
	}
	return string(out)
}

// keys sends keys to newsboat, one at a time.
func (nb *newsboat) keys(keys ...string) {
	nb.t.Helper()
	for _, k := range keys {
		nb.tmux("send-keys", "-t", nb.session, k)
		time.Sleep(150 * time.Millisecond)
	}
}

// screen returns what newsboat shows.
func (nb *newsboat) screen() string {
	out, _ := exec.Command("tmux", "-L", nb.socket, "capture-pane", "-p", "-t", nb.session).CombinedOutput()
	return string(out)
}

// log returns the end of newsboat's debug log.
func (nb *newsboat) log() string {
	b, _ := os.ReadFile(nb.debugLog)
	if len(b) > 6000 {
		b = b[len(b)-6000:]
	}
	return string(b)
}

// waitFor waits until the screen shows text, failing after 20 s. Every
// 3 s without it, it presses Ctrl-L (newsboat's "redraw"): curses draws
// only what it believes changed, and a first paint that raced the pane's
// set-up (seen on a loaded CI machine: the feed line's characters drawn
// over the start-up messages) is otherwise never repainted. The text must
// still appear on the real screen.
func (nb *newsboat) waitFor(text, what string) {
	nb.t.Helper()
	start := time.Now()
	deadline := start.Add(20 * time.Second)
	redraw := start.Add(3 * time.Second)
	for !strings.Contains(nb.screen(), text) {
		now := time.Now()
		if now.After(deadline) {
			nb.t.Fatalf("newsboat never showed %s (%q)\nscreen:\n%s\nlog:\n%s", what, text, nb.screen(), nb.log())
		}
		if now.After(redraw) {
			nb.tmux("send-keys", "-t", nb.session, "C-l")
			redraw = now.Add(3 * time.Second)
		}
		time.Sleep(100 * time.Millisecond)
	}
}
