package text_test

import (
	"testing"

	"vigil/text"
)

func TestIsStopWord(t *testing.T) {
	tests := []struct {
		language, word string
		want           bool
	}{
		{"english", "the", true},
		{"english", "The", true},
		{"english", "don't", true},
		{"english", "don\u2019t", true},
		{"english", "it's", true},
		{"english", "feed", false},
		{"english", "le", false},
		{"", "and", true},
		{"zh", "and", true},
		{"de", "and", false},
		{"de", "und", true},
		{"italian", "della", true},
		{"it", "dell'anno", false},
		{"it", "c\u2019è", true},
		{"it", "vino", false},
		{"nl", "het", true},
		{"pt-BR", "não", true},
		{"pl", "się", true},
		{"en-GB", "which", true},
		{"french", "les", true},
		{"fr", "être", true},
		{"french", "pomme", false},
		{"spanish", "porque", true},
		{"es", "canción", false},
		{"russian", "что", true},
		{"ru", "Это", true},
		{"russian", "москва", false},
		{"swedish", "och", true},
		{"norwegian", "ikkje", true},
		{"nb", "hus", false},
		{"hungarian", "hogy", true},
		{"hu", "ház", false},
	}
	for _, tt := range tests {
		if got := text.IsStopWord(tt.language, tt.word); got != tt.want {
			t.Errorf("IsStopWord(%q, %q) = %v, want %v", tt.language, tt.word, got, tt.want)
		}
	}
}

// TestStopWordsDropped checks that every stop list is written in the form
// the analyzer compares (lower case, NFC, ASCII apostrophe): a text made of
// a whole list yields no term at all.
func TestStopWordsDropped(t *testing.T) {
	lists := map[string]string{
		"english":    "The and of it's don't THEY'RE you\u2019ll which would whose",
		"french":     "le la les des du et est sont qu'il c'est être très où",
		"spanish":    "el los las de del que porque también más él",
		"russian":    "и в не что это как так его её ещё только",
		"swedish":    "och att det som är på för med inte över",
		"norwegian":  "og i jeg det at ikke ikkje på også være",
		"hungarian":  "a az egy és hogy nem ő ők így után",
		"italian":    "il la della dell' l' nell' c'è che non è più perché",
		"german":     "der die das und ist nicht über für können dass",
		"dutch":      "de het een en van niet zijn ook wordt",
		"portuguese": "o a os que não é são também você às",
		"polish":     "i w nie się że jest być już także",
	}
	for lang, words := range lists {
		a, err := text.NewAnalyzer(text.Config{Language: lang})
		if err != nil {
			t.Fatal(err)
		}
		if got := a.Terms(nil, words); len(got) != 0 {
			t.Errorf("%s: Terms(%q) = %q, want none", lang, words, got)
		}
	}
}
