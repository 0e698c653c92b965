package feed

import (
	"html"
	"testing"
	"time"
)

func TestForeignDates(t *testing.T) {
	// 2022-11-15 23:38:15 UTC, written in each language at +0100.
	want := time.Date(2022, 11, 15, 23, 38, 15, 0, time.UTC)
	tests := []struct {
		lang, date string
	}{
		{"italian", "mer, 16 nov 2022 00:38:15 +0100"},
		{"italian long", "mercoledì, 16 novembre 2022 00:38:15 +0100"},
		{"french", "mer., 16 nov. 2022 00:38:15 +0100"},
		{"french long", "mercredi 16 novembre 2022 00:38:15 +0100"},
		{"german", "Mi, 16. Nov 2022 00:38:15 +0100"},
		{"german long", "Mittwoch, 16. November 2022 00:38:15 +0100"},
		{"spanish", "mié, 16 nov 2022 00:38:15 +0100"},
		{"spanish long", "miércoles, 16 noviembre 2022 00:38:15 +0100"},
		{"portuguese", "qua, 16 nov 2022 00:38:15 +0100"},
		{"portuguese long", "quarta-feira, 16 novembro 2022 00:38:15 +0100"},
		{"dutch", "wo, 16 nov 2022 00:38:15 +0100"},
		{"dutch long", "woensdag 16 november 2022 00:38:15 +0100"},
		{"greek", "Τετ, 16 Νοέ 2022 00:38:15 +0100"},
		{"swedish", "ons, 16 nov 2022 00:38:15 +0100"},
		{"swedish long", "onsdag 16 november 2022 00:38:15 +0100"},
		{"danish", "ons, 16. nov. 2022 00:38:15 +0100"},
		{"norwegian long", "onsdag 16. november 2022 00:38:15 +0100"},
		{"polish", "śr, 16 lis 2022 00:38:15 +0100"},
		{"polish long", "środa, 16 listopada 2022 00:38:15 +0100"},
		{"russian", "Ср, 16 ноя 2022 00:38:15 +0100"},
		{"russian long", "среда, 16 ноября 2022 00:38:15 +0100"},
		{"rfc 822 zone name", "mer, 15 nov 2022 18:38:15 EST"},
		{"mar is tuesday", "mar, 15 nov 2022 23:38:15 GMT"},
	}
	for _, tt := range tests {
		t.Run(tt.lang, func(t *testing.T) {
			doc := `<rss version="2.0"><channel><title>d</title><item><title>x</title><pubDate>` +
				html.EscapeString(tt.date) + `</pubDate></item></channel></rss>`
			f := mustParse(t, doc, Options{})
			if got := f.Items[0].Published; !got.Equal(want) {
				t.Errorf("%q parsed as %v, want %v", tt.date, got, want)
			}
		})
	}
}

func TestForeignDateMonths(t *testing.T) {
	tests := []struct {
		date string
		want time.Month
	}{
		{"1 gennaio 2020", time.January}, {"1 févr. 2020", time.February}, {"1 März 2020", time.March},
		{"1 maart 2020", time.March}, {"1 abril 2020", time.April}, {"1 maggio 2020", time.May},
		{"1 mei 2020", time.May}, {"1 junho 2020", time.June}, {"1 juillet 2020", time.July},
		{"1 août 2020", time.August}, {"1 setembro 2020", time.September}, {"1 ottobre 2020", time.October},
		{"1 outubro 2020", time.October}, {"1 noviembre 2020", time.November}, {"1 Dezember 2020", time.December},
		{"1 dic 2020", time.December}, {"1 maj 2020", time.May}, {"1 marts 2020", time.March},
		{"1 augusti 2020", time.August}, {"1 des 2020", time.December}, {"1 października 2020", time.October},
		{"1 lutego 2020", time.February}, {"1 września 2020", time.September}, {"1 июня 2020", time.June},
		{"1 мая 2020", time.May}, {"1 дек 2020", time.December},
	}
	for _, tt := range tests {
		got, ok := parseForeignDate(tt.date)
		if !ok || got.Month() != tt.want || got.Day() != 1 || got.Year() != 2020 {
			t.Errorf("parseForeignDate(%q) = %v, %v; want 1 %v 2020", tt.date, got, ok, tt.want)
		}
	}
}

func TestForeignDateRejects(t *testing.T) {
	for _, s := range []string{"", "mer", "16 foo 2022", "yesterday", "mer, 32 nov 2022", "lun, 1 nov 2022 25:00:00 +0100"} {
		if got, ok := parseForeignDate(s); ok {
			t.Errorf("parseForeignDate(%q) = %v, want no date", s, got)
		}
	}
}
