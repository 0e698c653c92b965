package profiler_test

import (
	"context"
	"strings"
	"testing"
	"time"

	"vigil"
	"vigil/profiler"
)

// reading is a store where ann follows astronomy and cooking, bob follows
// cooking and football, and the owner of every channel follows the rest.
type reading struct {
	*env
	ids     map[string]int64
	unread  map[string]vigil.Item // a new item of each of ann's topics
	p       *profiler.Profiler
	ann     *vigil.User
	bob     *vigil.User
	taughts map[string][]vigil.Item // each channel's first items
}

func newReading(t *testing.T) *reading {
	e := newEnv(t)
	r := &reading{env: e, ids: map[string]int64{}, unread: map[string]vigil.Item{}, taughts: map[string][]vigil.Item{}}
	for i, name := range []string{"astronomy", "cooking", "football", "gardening", "stargazing"} {
		topic := name
		if name == "stargazing" {
			topic = "astronomy"
		}
		r.ids[name] = e.follow("owner", "https://"+name+".example/feed")
		e.follow("carol", "https://"+name+".example/feed") // two followers: discoverable
		r.taughts[name] = e.fetch(r.ids[name], t0.Add(time.Duration(i)*time.Minute), name, texts(topics[topic], 6, uint64(20+i))...)
	}
	r.ann, r.bob = e.user("ann"), e.user("bob")
	e.follow("ann", "https://astronomy.example/feed")
	e.follow("ann", "https://cooking.example/feed")
	e.follow("bob", "https://cooking.example/feed")
	e.follow("bob", "https://football.example/feed")
	r.p = e.profiler(profiler.Config{})
	catchUp(t, r.p)
	for i, name := range []string{"astronomy", "cooking"} {
		r.unread[name] = e.fetch(r.ids[name], t0.Add(time.Duration(2+i)*time.Hour), name, texts(topics[name], 1, uint64(40+i))...)[0]
	}
	return r
}

// open records that the user opened the items.
func (r *reading) open(u *vigil.User, items ...vigil.Item) {
	r.t.Helper()
	for i, it := range items {
		if err := r.st.MarkOpened(context.Background(), u.ID, it.ID, t0.Add(time.Duration(i)*time.Minute)); err != nil {
			r.t.Fatal(err)
		}
	}
}

// recommend asks for recommendations for u, failing the test on error.
func (r *reading) recommend(u *vigil.User) *profiler.Recommendations {
	r.t.Helper()
	got, err := r.p.Recommend(context.Background(), u, 10, 10)
	if err != nil {
		r.t.Fatal(err)
	}
	return got
}

// onTopicFirst fails the test unless items holds the unread items of the
// channel named topic, the new one included, ranked above any other.
func (r *reading) onTopicFirst(items []profiler.ScoredItem, topic string) {
	r.t.Helper()
	feed := r.ids[topic]
	on, offTopic := 0, false
	for _, it := range items {
		switch {
		case it.Item.FeedID != feed:
			offTopic = true
		case offTopic:
			r.t.Errorf("items %v rank an item of another channel above item %d of %s", itemIDs(items), it.Item.ID, topic)
		default:
			on++
		}
	}
	if on == 0 || !contains(itemIDs(items[:on]), r.unread[topic].ID) {
		r.t.Errorf("items %v, want the unread %s items first, the new one (%d) among them", itemIDs(items), topic, r.unread[topic].ID)
	}
}

func itemIDs(items []profiler.ScoredItem) []int64 {
	var ids []int64
	for _, it := range items {
		ids = append(ids, it.Item.ID)
	}
	return ids
}

func feedIDs(feeds []profiler.ScoredFeed) []int64 {
	var ids []int64
	for _, f := range feeds {
		ids = append(ids, f.FeedID)
	}
	return ids
}

func TestRecommendFromOpenedAndStarred(t *testing.T) {
	r := newReading(t)
	r.open(r.ann, r.taughts["astronomy"][:2]...)
	if err := r.st.StarItems(context.Background(), r.ann.ID, []int64{r.taughts["astronomy"][2].ID}, true); err != nil {
		t.Fatal(err)
	}
	got := r.recommend(r.ann)
	if got.Reason != "" {
		t.Errorf("reason %q with items to suggest", got.Reason)
	}
	r.onTopicFirst(got.Items, "astronomy")
	for _, it := range got.Items {
		if it.Item.ID == r.taughts["astronomy"][2].ID || it.Item.ID == r.taughts["astronomy"][0].ID {
			t.Errorf("recommended item %d, which taught the profile", it.Item.ID)
		}
		if it.Score <= 0 {
			t.Errorf("recommended item %d with score %v", it.Item.ID, it.Score)
		}
	}
	if len(got.Channels) == 0 || got.Channels[0].FeedID != r.ids["stargazing"] {
		t.Errorf("recommended channels %v, want stargazing (%d) first", feedIDs(got.Channels), r.ids["stargazing"])
	}
	for _, f := range got.Channels {
		if f.FeedID == r.ids["astronomy"] || f.FeedID == r.ids["cooking"] {
			t.Errorf("recommended channel %d, which ann follows", f.FeedID)
		}
	}
}

func TestRecommendFromInterests(t *testing.T) {
	r := newReading(t)
	r.ann.Interests = "I love a good garlic sauce, roast tomatoes and fresh pastry."
	got := r.recommend(r.ann)
	r.onTopicFirst(got.Items, "cooking")
	if len(got.Channels) != 0 {
		t.Errorf("recommended channels %v, but the only cooking channel is followed", feedIDs(got.Channels))
	}
	if !strings.Contains(got.ChannelsReason, "No channel") || got.ItemsReason != "" || got.Reason != got.ChannelsReason {
		t.Errorf("reasons %q, items %q, channels %q; want the channels' reason, also as the reason", got.Reason, got.ItemsReason, got.ChannelsReason)
	}
}

func TestRecommendKeepsReadersApart(t *testing.T) {
	r := newReading(t)
	r.open(r.bob, r.taughts["football"]...)
	got := r.recommend(r.ann)
	if len(got.Items) != 0 || len(got.Channels) != 0 || !strings.Contains(got.Reason, "open or star") ||
		got.ItemsReason != got.Reason || got.ChannelsReason != got.Reason {
		t.Errorf("ann, who opened nothing, got %+v; want nothing and the reason", got)
	}
	bobs := r.recommend(r.bob)
	for _, it := range bobs.Items {
		if it.Item.FeedID != r.ids["cooking"] && it.Item.FeedID != r.ids["football"] {
			t.Errorf("bob was recommended item %d of feed %d, which he does not follow", it.Item.ID, it.Item.FeedID)
		}
	}
	for _, f := range bobs.Channels {
		if f.FeedID == r.ids["football"] || f.FeedID == r.ids["cooking"] {
			t.Errorf("bob was recommended channel %d, which he follows", f.FeedID)
		}
	}
	r.open(r.ann, r.taughts["cooking"][0])
	r.onTopicFirst(r.recommend(r.ann).Items, "cooking")
}

func TestRecommendExplainsEmptyAnswers(t *testing.T) {
	r := newReading(t)
	tests := []struct {
		name, interests, reason string
	}{
		{"no signal", "", "open or star"},
		{"blank interests", "  \n ", "open or star"},
		{"unknown words", "knitting crochet", "None of the words"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			u := *r.ann
			u.Interests = tt.interests
			got := r.recommend(&u)
			if !strings.Contains(got.Reason, tt.reason) || got.Items == nil || got.Channels == nil || len(got.Items)+len(got.Channels) != 0 {
				t.Errorf("got %+v, want empty lists and a reason with %q", got, tt.reason)
			}
		})
	}
	if _, err := r.p.Recommend(context.Background(), r.ann, -1, 5); vigil.ErrorCode(err) != vigil.EINVALID {
		t.Errorf("negative item count: error %v, want EINVALID", err)
	}
}

func TestConcurrentUse(t *testing.T) {
	r := newReading(t)
	r.open(r.ann, r.taughts["astronomy"][:2]...)
	done := make(chan struct{})
	errs := make(chan error, 3)
	for range 3 {
		go func() {
			for {
				select {
				case <-done:
					errs <- nil
					return
				default:
				}
				r.p.SearchChannels("telescope", 3)
				r.p.Similar(r.ids["astronomy"], 3)
				if _, err := r.p.Recommend(context.Background(), r.ann, 5, 5); err != nil {
					errs <- err
					return
				}
			}
		}()
	}
	for i := range 5 {
		r.fetch(r.ids["gardening"], t0.Add(time.Duration(5+i)*time.Hour), "gardening", texts(topics["gardening"], 2, uint64(60+i))...)
		catchUp(t, r.p)
		r.p.Sample()
	}
	close(done)
	for range 3 {
		if err := <-errs; err != nil {
			t.Error(err)
		}
	}
}

// TestRecommendationsKeepPrivateChannels: a channel only one other person
// follows, or whose URL carries credentials or a query, is never suggested
// to someone who does not follow it; an operator (follows nil) sees it.
func TestRecommendationsKeepPrivateChannels(t *testing.T) {
	r := newReading(t)
	lone := r.follow("dave", "https://lone.example/feed")
	secret := r.follow("dave", "https://dave:s3cret@private.example/feed")
	r.follow("erin", "https://dave:s3cret@private.example/feed")
	token := r.follow("dave", "https://tokened.example/feed?token=abc")
	r.follow("erin", "https://tokened.example/feed?token=abc")
	for i, id := range []int64{lone, secret, token} {
		r.fetch(id, t0.Add(time.Duration(10+i)*time.Minute), "astronomy", texts(topics["astronomy"], 6, uint64(60+i))...)
	}
	catchUp(t, r.p)
	r.open(r.ann, r.taughts["astronomy"]...)
	got, err := r.p.Recommend(context.Background(), r.ann, 10, 20)
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range got.Channels {
		if c.FeedID == lone || c.FeedID == secret || c.FeedID == token || strings.Contains(c.URL, "s3cret") {
			t.Fatalf("recommended a private channel to ann: %+v", c)
		}
	}
	all, err := r.p.FindChannels(context.Background(), strings.Join(topics["astronomy"], " "), 20, nil)
	if err != nil {
		t.Fatal(err)
	}
	found := map[int64]bool{}
	for _, c := range all {
		found[c.FeedID] = true
	}
	if !found[lone] || !found[secret] || !found[token] {
		t.Fatalf("the operator's search lacks the private channels: %v", feedIDs(all))
	}
	followsAnn := func(id int64) bool { return id == r.ids["astronomy"] || id == r.ids["cooking"] }
	mine, err := r.p.FindChannels(context.Background(), strings.Join(topics["astronomy"], " "), 20, followsAnn)
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range mine {
		if c.FeedID == lone || c.FeedID == secret || c.FeedID == token {
			t.Fatalf("ann's channel search found a private channel: %+v", c)
		}
	}
}
