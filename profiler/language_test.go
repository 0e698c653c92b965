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

// italianItems are items of an Italian feed that declares no language.
var italianItems = []string{
	"La vendemmia comincia. Nelle vigne del Chianti i vendemmiatori sono arrivati con le loro ceste.",
	"Un raccolto precoce. L'uva è matura prima del previsto, secondo i viticoltori della regione.",
	"Il prezzo del vino. I commercianti temono un aumento dei prezzi per le bottiglie di quest'anno.",
	"La cantina sociale. Accoglie i visitatori per una degustazione dei suoi vini migliori.",
	"Un'annata attesa. Gli amatori del vino parlano già di questa annata come di un successo.",
	"La festa del vino. Il paese organizza una festa per celebrare la fine della vendemmia con gli abitanti.",
}

// A feed that declares no language is analysed in the language its text
// is written in, so that its profile holds no stop words of that language:
// French, which has a stemmer, and Italian, which has only a stop list.
func TestUndeclaredLanguageIsDetected(t *testing.T) {
	tests := []struct {
		lang  string
		items []string
		// word is a content word of the items that must be a profile term:
		// the stem of a French word, an Italian word as written.
		word string
	}{
		{text.French, frenchItems, "vin"},
		{text.Italian, italianItems, "vendemmia"},
	}
	for _, tt := range tests {
		t.Run(tt.lang, func(t *testing.T) {
			checkUndeclared(t, tt.lang, tt.items, tt.word)
		})
	}
}

// checkUndeclared profiles a feed of items that declares no language and
// checks that no term of its profile holds a stop word of lang and that
// word is a term.
func checkUndeclared(t *testing.T, lang string, docs []string, word string) {
	e := newEnv(t)
	id := e.follow("ann", "https://vin.example/feed")
	en := e.follow("ann", "https://astro.example/feed")
	e.fetch(en, t0, "astronomy", texts(topics["astronomy"], 6, 1)...)
	items := make([]vigil.Item, len(docs))
	for i, s := range docs {
		head, body, _ := strings.Cut(s, ". ")
		items[i] = vigil.Item{Key: fmt.Sprintf("it%d", i), Title: head, Summary: "<p>" + body + "</p>", Published: t0}
	}
	f := vigil.Fetched{FeedID: id, Items: items, Observation: vigil.Observation{FeedID: id, At: t0, Status: 200, Items: len(items)}}
	keepLanguage := func(_ vigil.Ingested, cur *vigil.Feed) (*vigil.Feed, error) { return cur, nil }
	if _, err := e.st.Ingest(context.Background(), f, keepLanguage); err != nil {
		t.Fatal(err)
	}
	catchUp(t, e.profiler(profiler.Config{}))
	p, ok := e.profiles()[id]
	if !ok || len(p.Terms) == 0 {
		t.Fatalf("no profile of the %s feed: %+v", lang, p)
	}
	found := false
	for _, tw := range p.Terms {
		found = found || tw.Term == word
		for _, w := range strings.Fields(tw.Term) {
			if text.IsStopWord(lang, w) {
				t.Errorf("profile term %q holds the %s stop word %q", tw.Term, lang, w)
			}
		}
	}
	if !found {
		t.Errorf("profile of the %s feed lacks the term %q", lang, word)
	}
}
