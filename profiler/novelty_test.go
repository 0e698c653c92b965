package profiler_test

import (
	"strings"
	"testing"
	"time"

	"vigil/profile"
	"vigil/profiler"
)

// TestNovelItemsAndRate follows two channels that each repeat one item an
// hour for ten hours, among others that post on several topics; then one
// goes on repeating itself while the other turns to a new topic with every
// item. The novelty filter (Roitman et al. Eq. 7) must keep the new
// topics and drop the repeats, and the learned novel rate must follow. The
// profile window is 5 items: in a window of 20 identical items one new
// item moves the profile too little to stand out from the cohesion of a
// channel that has only repeated itself.
func TestNovelItemsAndRate(t *testing.T) {
	e := newEnv(t)
	for i, topic := range []string{"astronomy", "cooking", "football", "gardening"} {
		feed := e.follow("ann", "https://"+topic+".example/feed")
		e.fetch(feed, t0.Add(-time.Duration(i+1)*time.Hour), topic, texts(topics[topic], 10, uint64(i))...)
	}
	same := e.follow("ann", "https://same.example/feed")
	turns := e.follow("ann", "https://turns.example/feed")
	p := e.profiler(profiler.Config{Profile: profile.Config{K: 5, Beta: profile.DefaultBeta}})
	hour := 0
	post := func(feed int64, text string) {
		e.fetch(feed, t0.Add(time.Duration(hour)*time.Hour), "channel", text)
	}
	for range 10 {
		post(same, strings.Join(madeUpTopic(0), " "))
		post(turns, strings.Join(madeUpTopic(100), " "))
		hour++
	}
	catchUp(t, p)
	first := e.profiles()
	for k := 1; k <= 10; k++ {
		post(same, strings.Join(madeUpTopic(0), " "))
		post(turns, strings.Join(madeUpTopic(100+k), " "))
		hour++
	}
	catchUp(t, p)
	last := e.profiles()

	t.Logf("novel %d → %d and %d → %d, rates %v and %v a day", first[same].Novel, last[same].Novel, first[turns].Novel, last[turns].Novel, last[same].NovelRate, last[turns].NovelRate)
	sameNovel := last[same].Novel - first[same].Novel
	turnsNovel := last[turns].Novel - first[turns].Novel
	if sameNovel != 0 {
		t.Errorf("the repeating channel had %d novel items among its 10 repeats, want 0", sameNovel)
	}
	if turnsNovel < 8 {
		t.Errorf("the channel that changes topic had %d novel items among 10 new topics, want at least 8", turnsNovel)
	}
	if last[same].NovelRate >= first[same].NovelRate && first[same].NovelRate > 0 {
		t.Errorf("the repeating channel's novel rate went from %v to %v a day, want it to fall", first[same].NovelRate, last[same].NovelRate)
	}
	if last[turns].NovelRate < 12 || last[turns].NovelRate <= last[same].NovelRate {
		t.Errorf("novel rates %v a day (new topics) and %v a day (repeats), want the first near 24 and above the second",
			last[turns].NovelRate, last[same].NovelRate)
	}
	if last[same].Cohesion <= last[turns].Cohesion {
		t.Errorf("cohesion %v (repeats) and %v (new topics), want the repeating channel more cohesive",
			last[same].Cohesion, last[turns].Cohesion)
	}
}
