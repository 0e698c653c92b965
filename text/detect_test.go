package text

import (
	"testing"
	"unsafe"
)

func TestDetectLanguage(t *testing.T) {
	tests := []struct {
		name, text, want string
	}{
		{"english", "The committee said that it would not change the rules for the season.", English},
		{"french", "Le gouvernement a annoncé qu'il ne changerait pas les règles pour la saison.", French},
		{"spanish", "El gobierno dijo que no cambiaría las reglas de la temporada y que lo anunciará pronto.", Spanish},
		{"russian", "Правительство заявило, что не будет менять правила в этом сезоне, и это не так.", Russian},
		{"swedish", "Regeringen sade att den inte skulle ändra reglerna för säsongen och att det var så.", Swedish},
		{"norwegian", "Regjeringen sa at den ikke ville endre reglene for sesongen, og at det ikke var noe mer.", Norwegian},
		{"hungarian", "A kormány azt mondta, hogy nem változtat a szabályokon ebben a szezonban, és ez így van.", Hungarian},
		{"italian", "Il governo ha detto che non cambierà le regole della stagione e che lo annuncerà presto.", Italian},
		{"italian elided", "L'anno scorso nell'isola c'è stata una festa per tutti.", Italian},
		{"german", "Die Regierung sagte, dass sie die Regeln für die Saison nicht ändern wird.", German},
		{"dutch", "De regering zei dat zij de regels voor het seizoen niet zal veranderen.", Dutch},
		{"portuguese", "O governo disse que não vai mudar as regras da temporada e que isso é tudo.", Portuguese},
		{"polish", "Rząd powiedział, że nie zmieni zasad w tym sezonie i że to jest wszystko.", Polish},
		{"typographic apostrophe", "C’est l’été: nous sommes à la plage avec les enfants.", French},
		{"names only", "Nasa Esa Roscosmos Jaxa Isro Cnsa", ""},
		{"too short", "the end", ""},
		{"empty", "", ""},
	}
	for _, tt := range tests {
		if got := DetectLanguage(tt.text); got != tt.want {
			t.Errorf("%s: DetectLanguage = %q, want %q", tt.name, got, tt.want)
		}
	}
}

// TestDetectOrderFits checks that every language of detectOrder has a bit
// in detectSet and a stop list.
func TestDetectOrderFits(t *testing.T) {
	var set detectSet
	if bits := 8 * int(unsafe.Sizeof(set)); len(detectOrder) > bits {
		t.Errorf("%d languages in detectOrder, detectSet has %d bits", len(detectOrder), bits)
	}
	for _, lang := range detectOrder {
		if len(stopWords()[lang]) == 0 {
			t.Errorf("%s: no stop list", lang)
		}
	}
}

// BenchmarkDetectLanguage measures detection over an item's worth of
// French text (a title and a summary of about 60 words).
func BenchmarkDetectLanguage(b *testing.B) {
	s := "Les vendanges commencent. Dans les vignes de Bourgogne, les vendangeurs sont arrivés avec leurs paniers. " +
		"Le raisin est mûr plus tôt que prévu, selon les vignerons de la région, et les négociants craignent une hausse " +
		"des prix pour les bouteilles de cette année; la cave coopérative accueille des visiteurs pour une dégustation."
	for b.Loop() {
		DetectLanguage(s)
	}
}
