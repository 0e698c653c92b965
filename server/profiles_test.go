package server

import (
	"context"
	"encoding/json"
	"fmt"
	"log/slog"
	"net/http"
	"net/url"
	"slices"
	"strings"
	"testing"
	"time"

	"vigil"
	"vigil/profiler"
	"vigil/server/api"
	"vigil/server/internal/reading"
)

// topicWords are the vocabularies of the test channels.
var topicWords = map[string][]string{
	"astronomy": strings.Fields("telescope galaxy nebula orbit planet comet asteroid supernova observatory eclipse satellite quasar"),
	"cooking":   strings.Fields("recipe oven butter garlic onion simmer flour pastry sauce skillet roast vinegar"),
	"football":  strings.Fields("striker goalkeeper penalty league referee stadium midfielder tackle dribble corner transfer coach"),
}

// topicItems returns n items on a topic, keyed prefix-i, each a different
// rotation of its words, published an hour apart before testNow.
func topicItems(prefix, topic string, n int) []vigil.Item {
	words := topicWords[topic]
	out := make([]vigil.Item, n)
	for i := range out {
		rot := append(slices.Clone(words[i%len(words):]), words[:i%len(words)]...)
		out[i] = vigil.Item{Key: fmt.Sprintf("%s-%d", prefix, i), Title: strings.Join(rot[:4], " "),
			Content:   "<p>" + strings.Join(rot, " ") + " " + strings.Join(rot[3:], " ") + "</p>",
			Published: testNow.Add(time.Duration(i-n) * time.Hour)}
	}
	return out
}

// profiled is a test server with a real profiler over its store.
type profiled struct {
	*env
	p *profiler.Profiler
}

func newProfiledEnv(t *testing.T) *profiled {
	t.Helper()
	st := openStore(t)
	p, err := profiler.New(context.Background(), st, profiler.Config{}, slog.New(slog.DiscardHandler))
	if err != nil {
		t.Fatal(err)
	}
	return &profiled{env: newEnvOn(t, st, Config{Profiler: p}), p: p}
}

// catchUp folds the stored items into the profiles.
func (e *profiled) catchUp() {
	e.t.Helper()
	if _, err := e.p.CatchUp(context.Background()); err != nil {
		e.t.Fatal(err)
	}
}

// channelWorld has alice following astronomy and cooking, bob following
// football and stargazing (astronomy again), each feed with six items.
type channelWorld struct {
	*profiled
	alice, bob, carol tester
	feeds             map[string]int64
	items             map[string][]vigil.Item
}

func newChannelWorld(t *testing.T) *channelWorld {
	w := &channelWorld{profiled: newProfiledEnv(t), feeds: map[string]int64{}, items: map[string][]vigil.Item{}}
	w.alice, w.bob, w.carol = w.user("alice"), w.user("bob"), w.user("carol")
	for _, f := range []struct {
		user        tester
		name, topic string
	}{
		{w.alice, "astronomy", "astronomy"}, {w.alice, "cooking", "cooking"},
		{w.bob, "football", "football"}, {w.bob, "stargazing", "astronomy"},
	} {
		w.feeds[f.name] = w.follow(f.user, "https://"+f.name+".example/feed")
		w.follow(w.carol, "https://"+f.name+".example/feed") // a second follower: others may discover it
		state := &vigil.Feed{Title: strings.ToUpper(f.name[:1]) + f.name[1:], SiteURL: "https://" + f.name + ".example/", Description: "About " + f.name}
		w.items[f.name] = w.ingest(w.feeds[f.name], state, topicItems(f.name, f.topic, 6)...)
	}
	w.catchUp()
	return w
}

func TestAPIFeedProfile(t *testing.T) {
	w := newChannelWorld(t)
	empty := w.follow(w.alice, "https://empty.example/feed")
	tests := []struct {
		name, path string
		user       tester
		status     int
		want       string
	}{
		{"followed feed", fmt.Sprintf("/api/feeds/%d/profile", w.feeds["astronomy"]), w.alice, 200, `"items":6`},
		{"feed of another user", fmt.Sprintf("/api/feeds/%d/profile", w.feeds["football"]), w.alice, 404, "not found"},
		{"no profile yet", fmt.Sprintf("/api/feeds/%d/profile", empty), w.alice, 404, "no profile"},
		{"unknown feed", "/api/feeds/999/profile", w.alice, 404, "not found"},
		{"bad id", "/api/feeds/x/profile", w.alice, 400, "invalid feed id"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			status, body := w.call("GET", tt.path, tt.user.token, nil)
			if status != tt.status || !strings.Contains(string(body), tt.want) {
				t.Fatalf("status %d, body %s; want %d with %q", status, body, tt.status, tt.want)
			}
			if status == 200 {
				p := decode[reading.ProfileView](t, body)
				if p.FeedID != w.feeds["astronomy"] || len(p.Terms) == 0 || len(p.Affinities) == 0 || p.Cohesion <= 0 {
					t.Errorf("profile %+v, want astronomy's with terms, affinities and cohesion", p)
				}
				for _, tw := range p.Terms {
					if strings.Contains(tw.Term, " ") {
						t.Errorf("affinity %q among the terms", tw.Term)
					}
				}
				for _, tw := range p.Affinities {
					if strings.Count(tw.Term, " ") != 1 {
						t.Errorf("%q among the affinities is not a pair of stems", tw.Term)
					}
				}
			}
		})
	}
}

func TestAPISearchChannels(t *testing.T) {
	w := newChannelWorld(t)
	status, body := w.call("GET", "/api/channels/search?q=garlic+sauce+in+a+skillet", w.bob.token, nil)
	if status != 200 {
		t.Fatalf("status %d, body %s", status, body)
	}
	var raw struct {
		Channels []map[string]json.RawMessage `json:"channels"`
	}
	if err := json.Unmarshal(body, &raw); err != nil || len(raw.Channels) == 0 {
		t.Fatalf("answer %s: %v", body, err)
	}
	keys := slices.Sorted(func(yield func(string) bool) {
		for k := range raw.Channels[0] {
			if !yield(k) {
				return
			}
		}
	})
	if want := "affinities,description,feed_id,following,score,site_url,terms,title,url"; strings.Join(keys, ",") != want {
		t.Errorf("a channel tells %v, want exactly %s: nothing of its followers", keys, want)
	}
	got := decode[api.ChannelsAnswer](t, body).Channels
	c := got[0]
	if c.FeedID != w.feeds["cooking"] || c.Title != "Cooking" || c.URL != "https://cooking.example/feed" || c.Following || c.Score <= 0 || len(c.Terms) == 0 {
		t.Errorf("bob found %+v first, want alice's cooking channel, not followed by him", c)
	}

	_, body = w.call("GET", "/api/channels/search?q=telescope&limit=1", w.alice.token, nil)
	if got := decode[api.ChannelsAnswer](t, body).Channels; len(got) != 1 || !got[0].Following || got[0].FeedID != w.feeds["astronomy"] {
		t.Errorf("alice found %+v, want her own astronomy channel marked followed", got)
	}
	_, body = w.call("GET", "/api/channels/search?q=knitting", w.alice.token, nil)
	if string(body) != "{\"channels\":[]}\n" {
		t.Errorf("a query no channel matches: %s, want an empty list", body)
	}
}

func TestAPISearchChannelsInvalid(t *testing.T) {
	w := newProfiledEnv(t)
	alice := w.user("alice")
	tests := []struct {
		query, want string
	}{
		{"", "parameter q is required"},
		{"q=", "parameter q is required"},
		{"q=%20%20", "parameter q: the search query has no word"},
		{"q=" + strings.Repeat("a", reading.MaxQueryLength+1), "more than the limit"},
		{"q=x&limit=0", "parameter limit must be an integer from 1 to 100"},
		{"q=x&limit=many", "parameter limit"},
	}
	for _, tt := range tests {
		status, body := w.call("GET", "/api/channels/search?"+tt.query, alice.token, nil)
		if status != 400 || !strings.Contains(string(body), tt.want) {
			t.Errorf("query %q: status %d, body %s; want 400 with %q", tt.query, status, body, tt.want)
		}
	}
}

func TestAPIRecommendations(t *testing.T) {
	w := newChannelWorld(t)
	hostile := vigil.Item{Key: "hostile", Title: "Comet orbit", Content: `<p onclick="steal()">telescope galaxy comet</p><script>steal()</script>`, Published: testNow}
	w.ingest(w.feeds["astronomy"], nil, hostile)
	w.catchUp()
	for _, it := range w.items["astronomy"][:2] {
		if err := w.st.MarkOpened(context.Background(), w.alice.ID, it.ID, testNow); err != nil {
			t.Fatal(err)
		}
	}
	status, body := w.call("GET", "/api/recommendations?items=5&channels=3", w.alice.token, nil)
	if status != 200 {
		t.Fatalf("status %d, body %s", status, body)
	}
	rec := decode[profiler.Recommendations](t, body)
	if rec.Reason != "" || len(rec.Items) == 0 || len(rec.Items) > 5 || len(rec.Channels) == 0 || len(rec.Channels) > 3 {
		t.Fatalf("recommendations %s, want up to 5 items and 3 channels", body)
	}
	if rec.Items[0].Item.FeedID != w.feeds["astronomy"] {
		t.Errorf("first item %+v, want one of the astronomy feed", rec.Items[0].Item)
	}
	for _, it := range rec.Items {
		if strings.Contains(it.Item.Content, "script") || strings.Contains(it.Item.Content, "onclick") {
			t.Errorf("recommended item %d with unsanitised content %q", it.Item.ID, it.Item.Content)
		}
	}
	if rec.Channels[0].FeedID != w.feeds["stargazing"] {
		t.Errorf("channels %+v, want bob's stargazing first", rec.Channels)
	}
	for _, c := range rec.Channels {
		if c.FeedID == w.feeds["astronomy"] || c.FeedID == w.feeds["cooking"] {
			t.Errorf("recommended channel %d, which alice follows", c.FeedID)
		}
	}

	_, body = w.call("GET", "/api/recommendations?channels=0", w.alice.token, nil)
	if rec := decode[profiler.Recommendations](t, body); len(rec.Items) == 0 || rec.ItemsReason != "" || rec.ChannelsReason == "" || rec.Reason != rec.ChannelsReason {
		t.Errorf("with channels=0: %s; want items and a reason for the empty channel list", body)
	}
	_, body = w.call("GET", "/api/recommendations", w.bob.token, nil)
	if rec := decode[profiler.Recommendations](t, body); rec.Reason == "" || len(rec.Items) != 0 || len(rec.Channels) != 0 {
		t.Errorf("bob, who opened nothing, got %s; want nothing and the reason, whatever alice read", body)
	}
	for _, q := range []string{"items=-1", "items=101", "channels=51", "channels=x"} {
		if status, body := w.call("GET", "/api/recommendations?"+q, w.alice.token, nil); status != 400 {
			t.Errorf("%s: status %d, body %s; want 400", q, status, body)
		}
	}
}

func TestWithoutProfiler(t *testing.T) {
	e := newEnv(t, Config{})
	alice := e.user("alice")
	feed := e.follow(alice, "https://a.example/feed")
	e.ingest(feed, nil, topicItems("a", "cooking", 2)...)
	for _, path := range []string{"/api/channels/search?q=garlic", "/api/recommendations"} {
		status, body := e.call("GET", path, alice.token, nil)
		if status != http.StatusServiceUnavailable || !strings.Contains(string(body), "runs without a profiler") {
			t.Errorf("%s: status %d, body %s; want 503 saying why", path, status, body)
		}
	}
	b := e.browser()
	b.login(alice)
	if status, _, body := b.get("/for-you"); status != http.StatusServiceUnavailable || !strings.Contains(body, "runs without a profiler") {
		t.Errorf("For you page: status %d, body %s; want 503 saying why", status, body)
	}
	if status, _, body := b.get("/search?q=garlic"); status != 200 || strings.Contains(body, "<h2>Channels</h2>") {
		t.Errorf("search page: status %d, want 200 without a channel section: %s", status, body)
	}
	if _, _, body := b.get(fmt.Sprintf("/feeds/%d", feed)); !strings.Contains(body, "No profile yet") {
		t.Errorf("feed page without a profile does not say so: %s", body)
	}
}

func TestFeedPageShowsProfile(t *testing.T) {
	w := newChannelWorld(t)
	b := w.browser()
	b.login(w.alice)
	_, _, body := b.get(fmt.Sprintf("/feeds/%d", w.feeds["astronomy"]))
	for _, want := range []string{"<h2>Profile</h2>", "<dt>Cohesion</dt><dd>0.", " ± ", "<dt>Items profiled</dt><dd>6</dd>", "<dt>Novel rate</dt><dd>not learned yet</dd>", "telescop", "Pairs: "} {
		if !strings.Contains(body, want) {
			t.Errorf("feed page lacks %q", want)
		}
	}
}

func TestSearchPageChannels(t *testing.T) {
	w := newChannelWorld(t)
	w.ingest(w.feeds["football"], &vigil.Feed{Title: "<script>alert(1)</script> Goals"})
	b := w.browser()
	b.login(w.alice)
	status, _, body := b.get("/search?q=" + url.QueryEscape("penalty for the striker"))
	if status != 200 {
		t.Fatalf("status %d: %s", status, body)
	}
	_, channels, _ := strings.Cut(body, "<h2>Channels</h2>")
	for _, want := range []string{"&lt;script&gt;alert(1)&lt;/script&gt; Goals", `action="/feeds"`, `name="url" value="https://football.example/feed"`, `name="csrf" value="`} {
		if !strings.Contains(channels, want) {
			t.Errorf("channel section lacks %q:\n%s", want, channels)
		}
	}
	if strings.Contains(body, "<script>alert") {
		t.Error("a channel's title reached the page unescaped")
	}
	csrf := csrfPattern.FindStringSubmatch(channels)[1]
	status, loc, _ := b.post("/feeds", url.Values{"csrf": {csrf}, "url": {"https://football.example/feed"}, "weight": {"1"}})
	if status != http.StatusSeeOther || loc != fmt.Sprintf("/feeds/%d", w.feeds["football"]) {
		t.Errorf("subscribing from the search page: status %d, Location %q", status, loc)
	}
	_, _, body = b.get("/search?q=" + url.QueryEscape("penalty for the striker"))
	if _, channels, _ := strings.Cut(body, "<h2>Channels</h2>"); !strings.Contains(channels, "You follow this channel.") {
		t.Errorf("a followed channel is not marked so:\n%s", channels)
	}
}

func TestForYouPage(t *testing.T) {
	w := newChannelWorld(t)
	b := w.browser()
	b.login(w.alice)
	status, _, body := b.get("/for-you")
	if status != 200 || !strings.Contains(body, "vigil does not know your interests yet") || !strings.Contains(body, `href="/for-you">For you</a>`) {
		t.Errorf("For you page of a reader who opened nothing: status %d, want the reason and the header link: %s", status, body)
	}
	if _, _, body := b.post("/interests", url.Values{"csrf": {b.csrf()}, "interests": {"a comet seen through a telescope"}}); strings.Contains(body, "error") {
		t.Fatalf("saving interests: %s", body)
	}
	_, _, body = b.get("/for-you")
	_, channels, _ := strings.Cut(body, "Channels you might follow")
	items, _, _ := strings.Cut(body, "Channels you might follow")
	if !strings.Contains(items, fmt.Sprintf(`href="/items/%d"`, w.items["astronomy"][5].ID)) || strings.Contains(items, "does not know") {
		t.Errorf("For you page lacks the unread astronomy items:\n%s", items)
	}
	if !strings.Contains(channels, "Stargazing") || !strings.Contains(channels, "Subscribe") || strings.Contains(channels, "Football") {
		t.Errorf("For you page lacks the stargazing channel, or shows football:\n%s", channels)
	}
}

// TestChannelDiscoveryKeepsPrivateFeeds: a feed only one other user
// follows, or whose URL carries credentials, never shows in another user's
// channel search, search page or recommendations.
func TestChannelDiscoveryKeepsPrivateFeeds(t *testing.T) {
	w := newChannelWorld(t)
	private := map[int64]bool{}
	for i, u := range []string{"https://bob:s3cret@private.example/feed", "https://lonely.example/feed"} {
		id := w.follow(w.bob, u)
		if i == 0 {
			w.follow(w.carol, u)
		}
		private[id] = true
		w.ingest(id, &vigil.Feed{Title: "Private sky"}, topicItems(fmt.Sprint("private", i), "astronomy", 6)...)
	}
	w.catchUp()
	q := url.QueryEscape("telescope galaxy nebula comet planet orbit")
	for _, path := range []string{"/api/channels/search?q=" + q + "&limit=100", "/api/recommendations?channels=50"} {
		status, body := w.call("GET", path, w.alice.token, nil)
		if status != 200 {
			t.Fatalf("%s: status %d %s", path, status, body)
		}
		if strings.Contains(string(body), "s3cret") || strings.Contains(string(body), "lonely.example") || strings.Contains(string(body), "Private sky") {
			t.Errorf("%s shows alice a private feed of bob's: %s", path, body)
		}
	}
	b := w.browser()
	b.login(w.alice)
	if _, _, body := b.get("/search?q=" + q); strings.Contains(body, "s3cret") || strings.Contains(body, "Private sky") {
		t.Error("the search page shows alice a private feed of bob's")
	}
	status, body := w.call("GET", "/api/channels/search?q="+q+"&limit=100", w.bob.token, nil)
	if status != 200 || !strings.Contains(string(body), "Private sky") {
		t.Errorf("bob cannot find his own feeds: %d %s", status, body)
	}
}
