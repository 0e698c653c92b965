package text

import "testing"

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
