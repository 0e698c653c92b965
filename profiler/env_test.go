package profiler_test

import (
	"bytes"
	"context"
	"fmt"
	"log/slog"
	"math/rand/v2"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"vigil"
	"vigil/profiler"
	"vigil/store/sqlite"
)

// t0 is when the test feeds are first fetched.
var t0 = time.Date(2026, 1, 5, 8, 0, 0, 0, time.UTC)

// topics are the vocabularies of the test channels' items.
var topics = map[string][]string{
	"astronomy": strings.Fields(`telescope galaxy nebula orbit planet comet asteroid supernova observatory eclipse
		satellite cosmic spectrum quasar meteor lunar solar gravity astronaut constellation`),
	"cooking": strings.Fields(`recipe oven butter garlic onion simmer flour pastry sauce skillet roast vinegar basil
		tomato pepper dough bake caramel broth spice`),
	"football": strings.Fields(`striker goalkeeper penalty league referee stadium midfielder tackle dribble header
		corner transfer coach season trophy kickoff defender offside captain supporters`),
	"gardening": strings.Fields(`compost seedling mulch pruning soil hedge tulip lawn weeds greenhouse fertiliser rose
		shrub harvest watering bulbs perennial trowel orchard blossom`),
}

// syllables make the words of made-up topics.
var syllables = strings.Fields("ka lo mi ne ru sa ti vo ze pa")

// madeUpTopic returns 20 words that no other made-up topic shares.
func madeUpTopic(k int) []string {
	words := make([]string, 20)
	for j := range words {
		n := 1000 + k*20 + j
		var b strings.Builder
		b.WriteString("q")
		for ; n > 0; n /= 10 {
			b.WriteString(syllables[n%10])
		}
		words[j] = b.String()
	}
	return words
}

// env is a real SQLite store in a temporary directory, reopened at will.
type env struct {
	t     *testing.T
	path  string
	st    *sqlite.DB
	keys  int // item keys handed out
	users map[string]*vigil.User
}

func newEnv(t *testing.T) *env {
	t.Helper()
	e := &env{t: t, path: filepath.Join(t.TempDir(), "v.db"), users: map[string]*vigil.User{}}
	e.open()
	t.Cleanup(func() { e.st.Close() })
	return e
}

func (e *env) open() {
	e.t.Helper()
	st, err := sqlite.Open(e.path)
	if err != nil {
		e.t.Fatal(err)
	}
	e.st = st
}

// reopen closes the store and opens it again, as a restart does.
func (e *env) reopen() {
	e.t.Helper()
	if err := e.st.Close(); err != nil {
		e.t.Fatal(err)
	}
	e.open()
}

// user returns the user called name, creating them.
func (e *env) user(name string) *vigil.User {
	e.t.Helper()
	if u, ok := e.users[name]; ok {
		return u
	}
	u := &vigil.User{Name: name}
	if err := e.st.CreateUser(context.Background(), u); err != nil {
		e.t.Fatal(err)
	}
	e.users[name] = u
	return u
}

// follow subscribes the user called name to url and returns the feed ID.
func (e *env) follow(name, url string) int64 {
	e.t.Helper()
	sub, err := e.st.Subscribe(context.Background(), e.user(name).ID, url, 1, t0)
	if err != nil {
		e.t.Fatal(err)
	}
	return sub.Feed.ID
}

// fetch stores texts as the new items of one fetch of a feed at at, titled
// title, and returns them with their IDs.
func (e *env) fetch(feed int64, at time.Time, title string, texts ...string) []vigil.Item {
	e.t.Helper()
	items := make([]vigil.Item, len(texts))
	for i, text := range texts {
		e.keys++
		head, body, _ := strings.Cut(text, ". ")
		items[i] = vigil.Item{Key: fmt.Sprintf("k%d", e.keys), Title: head, Summary: "<p>" + body + "</p>", Published: at}
	}
	f := vigil.Fetched{FeedID: feed, Items: items,
		Observation: vigil.Observation{FeedID: feed, At: at, Status: 200, Items: len(items)}}
	decide := func(_ vigil.Ingested, cur *vigil.Feed) (*vigil.Feed, error) {
		cur.Title, cur.Language, cur.SiteURL, cur.Description = title, "en", "https://site.example/"+title, "All about "+title
		return cur, nil
	}
	got, err := e.st.Ingest(context.Background(), f, decide)
	if err != nil {
		e.t.Fatal(err)
	}
	return got.New
}

// profiler starts a profiler over the store, failing the test on error.
func (e *env) profiler(cfg profiler.Config) *profiler.Profiler {
	e.t.Helper()
	p, err := profiler.New(context.Background(), e.st, cfg, slog.New(slog.DiscardHandler))
	if err != nil {
		e.t.Fatal(err)
	}
	return p
}

// catchUp runs one catch-up and returns how many items it folded.
func catchUp(t *testing.T, p *profiler.Profiler) int {
	t.Helper()
	n, err := p.CatchUp(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	return n
}

// texts returns n item texts on the words of a topic, drawn with a fixed
// seed: a title of four words, a period, and a body of twenty.
func texts(words []string, n int, seed uint64) []string {
	r := rand.New(rand.NewPCG(seed, 7))
	out := make([]string, n)
	for i := range out {
		pick := func(k int) string {
			w := make([]string, k)
			for j := range w {
				w[j] = words[r.IntN(len(words))]
			}
			return strings.Join(w, " ")
		}
		out[i] = pick(4) + ". " + pick(20)
	}
	return out
}

// logBuffer is a slog destination that tests can read.
type logBuffer struct {
	mu  sync.Mutex
	buf bytes.Buffer
}

func (l *logBuffer) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.buf.Write(p)
}

func (l *logBuffer) String() string {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.buf.String()
}

func (l *logBuffer) logger() *slog.Logger { return slog.New(slog.NewTextHandler(l, nil)) }

// itoa writes a feed ID in decimal.
func itoa(id int64) string { return fmt.Sprint(id) }
