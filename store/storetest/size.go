package storetest

import (
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"
	"time"

	"vigil"
	"vigil/store"
)

// sizeWords is the vocabulary of the items FillForSize stores.
var sizeWords = strings.Fields(`the a of to and in is for on that with as by at from feed item news report
	update release server policy budget delay reader source channel profile search index storage query
	monitor fetch host network planner model rate window change version market science city weather
	sport music health study result people year time week day data system public local world`)

// FillForSize stores n items of about 2 KB of HTML each (the measure
// compared: Miniflux holds 50,500 such items in 167 MB) into st, 50 to a
// feed and fetch, in seeded pseudo-random prose, each with a summary that
// repeats the first paragraph of its content as feeds do, so that a
// store's bytes per item can be measured.
func FillForSize(tb testing.TB, st store.Store, n int) {
	tb.Helper()
	u := &vigil.User{Name: "size", CreatedAt: t0}
	if err := st.CreateUser(ctx, u); err != nil {
		tb.Fatal(err)
	}
	rng := rand.New(rand.NewPCG(11, 13))
	var feedID int64
	var items []vigil.Item
	for i := range n {
		if i%50 == 0 {
			sub, err := st.Subscribe(ctx, u.ID, fmt.Sprintf("https://size%d.example/feed", i/50), 1, t0)
			if err != nil {
				tb.Fatal(err)
			}
			feedID = sub.Feed.ID
		}
		first := prose(rng, 60)
		content := "<p>" + first + "</p>"
		for len(content) < 2000 {
			content += `<p>` + prose(rng, 40) + ` <a href="https://example.com/` + prose(rng, 1) + `">` + prose(rng, 3) + `</a>.</p>`
		}
		items = append(items, vigil.Item{Key: fmt.Sprintf("https://size.example/%d", i), Hash: fmt.Sprint(i),
			URL: fmt.Sprintf("https://size.example/%d", i), Title: prose(rng, 8), Author: "A. Writer",
			Summary: first, Content: content, Published: t0.Add(-time.Duration(i) * time.Minute)})
		if len(items) == 50 || i == n-1 {
			if _, err := st.Ingest(ctx, fetched(feedID, t0, items), keepFeed); err != nil {
				tb.Fatal(err)
			}
			items = items[:0]
		}
	}
}

// prose returns n words of the vocabulary.
func prose(rng *rand.Rand, n int) string {
	w := make([]string, n)
	for i := range w {
		w[i] = sizeWords[rng.IntN(len(sizeWords))]
	}
	return strings.Join(w, " ")
}
