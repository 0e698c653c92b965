package profiler_test

import (
	"context"
	"fmt"
	"strings"
	"testing"

	"vigil"
	"vigil/profiler"
	"vigil/text"
)

// frenchItems are items of a French feed that declares no language.
var frenchItems = []string{
	"Les vendanges commencent. Dans les vignes de Bourgogne, les vendangeurs sont arrivés avec leurs paniers.",
	"Une récolte précoce. Le raisin est mûr plus tôt que prévu, selon les vignerons de la région.",
	"Le prix du vin. Les négociants craignent une hausse des prix pour les bouteilles de cette année.",
	"La cave coopérative. Elle accueille des visiteurs pour une dégustation de ses meilleurs crus.",
	"Un millésime attendu. Les amateurs de vin parlent déjà de ce millésime comme d'une réussite.",
	"La fête du vin. Le village organise une fête pour célébrer la fin des vendanges avec les habitants.",
}

// A feed that declares no language is analysed in the language its text
// is written in, so that its profile holds no stop words of that language.
func TestUndeclaredLanguageIsDetected(t *testing.T) {
	e := newEnv(t)
	fr := e.follow("ann", "https://vin.example/feed")
	en := e.follow("ann", "https://astro.example/feed")
	e.fetch(en, t0, "astronomy", texts(topics["astronomy"], 6, 1)...)
	items := make([]vigil.Item, len(frenchItems))
	for i, s := range frenchItems {
		head, body, _ := strings.Cut(s, ". ")
		items[i] = vigil.Item{Key: fmt.Sprintf("fr%d", i), Title: head, Summary: "<p>" + body + "</p>", Published: t0}
	}
	f := vigil.Fetched{FeedID: fr, Items: items, Observation: vigil.Observation{FeedID: fr, At: t0, Status: 200, Items: len(items)}}
	keepLanguage := func(_ vigil.Ingested, cur *vigil.Feed) (*vigil.Feed, error) { return cur, nil }
	if _, err := e.st.Ingest(context.Background(), f, keepLanguage); err != nil {
		t.Fatal(err)
	}
	catchUp(t, e.profiler(profiler.Config{}))
	p, ok := e.profiles()[fr]
	if !ok || len(p.Terms) == 0 {
		t.Fatalf("no profile of the French feed: %+v", p)
	}
	for _, tw := range p.Terms {
		for _, w := range strings.Fields(tw.Term) {
			if text.IsStopWord(text.French, w) {
				t.Errorf("profile term %q holds the French stop word %q", tw.Term, w)
			}
		}
	}
}
