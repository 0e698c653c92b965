package updates_test

import (
	"encoding/json"
	"fmt"
	"path/filepath"
	"testing"
	"time"

	"vigil"
	"vigil/change"
	"vigil/store"
	"vigil/store/sqlite"
	"vigil/updates"
)

func TestLikelyRatingLearnedFromThePagesRatings(t *testing.T) {
	st, err := sqlite.Open(filepath.Join(t.TempDir(), "v.db"))
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	u := &vigil.User{Name: "ann", PasswordHash: "x", TokenHash: "ann"}
	if err := st.CreateUser(ctx, u); err != nil {
		t.Fatal(err)
	}
	t0 := time.Date(2026, 3, 2, 9, 0, 0, 0, time.UTC)
	sub, err := st.FollowPage(ctx, u.ID, "https://example.org/shop", 1, t0)
	if err != nil {
		t.Fatal(err)
	}
	// Ann rates every change that adds links important (new products)
	// and every text-only change negligible, whatever its size.
	kinds := []bool{true, false, false, true, false, true, false, true, false, true, true, false, false, true, true, false}
	var prev int64
	for i := 0; i <= len(kinds); i++ {
		v := &store.NewVersion{Hash: fmt.Sprint("h", i), ContentType: "text/html", Body: []byte(fmt.Sprint("<p>", i, "</p>"))}
		links := i < len(kinds) && kinds[i] || i == len(kinds)
		if prev != 0 {
			e := change.Extents{Any: true, Measurable: true, Text: 0.02 + 0.01*float64(i%3)}
			if links {
				e.Links, e.LinksAdded = 0.1, 2
			} else {
				e.Text = 0.3 + 0.05*float64(i%3)
			}
			ext, _ := json.Marshal(e)
			v.Change = &store.NewChange{PrevID: prev, Extents: ext, Severity: "significant", Summary: "s"}
		}
		got, err := st.IngestPage(ctx, store.PageFetched{FeedID: sub.Feed.ID, Observation: vigil.Observation{At: t0.Add(time.Duration(i) * time.Hour), Status: 200}, Version: v, Read: true},
			func(bool, *vigil.Feed) (*vigil.Feed, error) { return nil, nil })
		if err != nil {
			t.Fatal(err)
		}
		prev = got.VersionID
		if got.ChangeID != 0 && i < len(kinds) {
			rating := map[bool]string{true: "important", false: "negligible"}[links]
			if err := st.Evaluate(ctx, vigil.Evaluation{ChangeID: got.ChangeID, UserID: u.ID, Rating: rating, At: t0}); err != nil {
				t.Fatal(err)
			}
		}
	}
	f, err := updates.Build(ctx, st, u.ID, updates.Config{})
	if err != nil {
		t.Fatal(err)
	}
	newest := f.Pages[0].Changes[0]
	if newest.Community.Ratings != 0 || newest.Likely != "important" {
		t.Errorf("the unrated change that adds links: likely %q (ratings %d), want important", newest.Likely, newest.Community.Ratings)
	}
	a := f.Pages[0].Agreement
	if a == nil || a.Held != 3 || a.Predictor != 1 || a.Agent != 0 {
		t.Errorf("agreement = %+v, want the predictor right on the 3 held-back ratings (every fourth of 15) and the agent (always significant) never", a)
	}
	for _, c := range f.Pages[0].Changes[1:] {
		if c.Likely != "" {
			t.Errorf("rated change %d has a prediction %q", c.ID, c.Likely)
		}
	}
}
