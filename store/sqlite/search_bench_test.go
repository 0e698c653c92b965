package sqlite_test

import (
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"
	"time"

	"vigil"
)

// BenchmarkSearchItems searches 20,000 items of 40 feeds, with words drawn
// from a Zipf distribution over a 5,000-word vocabulary, for one reader
// following half of the feeds.
func BenchmarkSearchItems(b *testing.B) {
	db := openTest(b)
	ann := mustUser(b, db, "ann")
	bob := mustUser(b, db, "bob")
	rng := rand.New(rand.NewPCG(1, 2))
	zipf := rand.NewZipf(rand.New(rand.NewPCG(3, 4)), 1.1, 1, 4999)
	words := func(n int) string {
		w := make([]string, n)
		for i := range w {
			w[i] = fmt.Sprintf("w%d", zipf.Uint64())
		}
		return strings.Join(w, " ")
	}
	const feeds, perFeed = 40, 500
	for f := range feeds {
		user := ann
		if f%2 == 1 {
			user = bob
		}
		id := mustSubscribe(b, db, user.ID, fmt.Sprintf("https://feed%d.example/rss", f))
		items := make([]vigil.Item, perFeed)
		for i := range items {
			key := fmt.Sprintf("f%d-%d", f, i)
			items[i] = vigil.Item{Key: key, Hash: key, Title: words(6), Content: "<p>" + words(40+rng.IntN(120)) + "</p>",
				Published: t0.Add(-time.Duration(i) * time.Minute)}
		}
		mustIngest(b, db, id, t0, items)
	}
	queries := []struct{ name, query string }{
		{"common word", "w1"},
		{"rare word", "w3000"},
		{"two words", "w2 w7"},
		{"prefix", "w12*"},
		{"phrase", `"w1 w2"`},
	}
	for _, q := range queries {
		for _, user := range []struct {
			name string
			id   int64
		}{{"all", 0}, {"reader", ann.ID}} {
			b.Run(q.name+"/"+user.name, func(b *testing.B) {
				for b.Loop() {
					if _, err := db.SearchItems(ctx, user.id, q.query, 0); err != nil {
						b.Fatal(err)
					}
				}
			})
		}
	}
}
