package feed

import (
	"strings"
	"time"
	"unicode"
)

// foreignMonths maps the month names and abbreviations of Italian,
// French, Spanish, Portuguese, German, Dutch, Greek, Swedish, Danish,
// Norwegian, Polish and Russian (lower case, Polish and Russian months
// in the nominative and the genitive that dates use,
// without a trailing dot) to English abbreviations. English names are
// included so a date that mixes an English month with a foreign weekday
// still reads.
var foreignMonths = map[string]string{}

// foreignWeekdays holds the weekday names and abbreviations of the same
// languages. A date's weekday is redundant with its day, so it is only
// recognised and dropped, never checked.
var foreignWeekdays = map[string]bool{}

func init() {
	months := [12][]string{
		{"jan", "january", "gennaio", "gen", "janvier", "janv", "enero", "ene", "janeiro", "januar", "jänner", "jän", "januari", "ιαν", "ιανουαρίου", "ιανουάριος", "stycznia", "styczeń", "sty", "янв", "января", "январь"},
		{"feb", "february", "febbraio", "février", "fevrier", "févr", "fevr", "fév", "fev", "febrero", "fevereiro", "februar", "februari", "φεβ", "φεβρουαρίου", "φεβρουάριος", "lutego", "luty", "lut", "фев", "февраля", "февраль"},
		{"mar", "march", "marzo", "mars", "março", "marco", "märz", "mär", "mrz", "maart", "mrt", "maa", "μάρ", "μαρ", "μαρτίου", "μάρτιος", "marts", "marca", "marzec", "мар", "марта", "март"},
		{"apr", "april", "aprile", "avril", "avr", "abril", "abr", "απρ", "απριλίου", "απρίλιος", "kwietnia", "kwiecień", "kwi", "апр", "апреля", "апрель"},
		{"may", "maggio", "mag", "mai", "mayo", "maio", "mei", "μάι", "μαϊ", "μαΐ", "μαι", "μαΐου", "μάιος", "maj", "maja", "мая", "май"},
		{"jun", "june", "giugno", "giu", "juin", "junio", "junho", "juni", "ιούν", "ιουν", "ιουνίου", "ιούνιος", "czerwca", "czerwiec", "cze", "июн", "июня", "июнь"},
		{"jul", "july", "luglio", "lug", "juillet", "juil", "julio", "julho", "juli", "ιούλ", "ιουλ", "ιουλίου", "ιούλιος", "lipca", "lipiec", "lip", "июл", "июля", "июль"},
		{"aug", "august", "agosto", "ago", "août", "aout", "aoû", "aou", "augustus", "αύγ", "αυγ", "αυγούστου", "αύγουστος", "augusti", "sierpnia", "sierpień", "sie", "авг", "августа", "август"},
		{"sep", "sept", "september", "settembre", "set", "septembre", "septiembre", "setiembre", "setembro", "σεπ", "σεπτεμβρίου", "σεπτέμβριος", "września", "wrzesień", "wrz", "сен", "сент", "сентября", "сентябрь"},
		{"oct", "october", "ottobre", "ott", "octobre", "octubre", "outubro", "out", "oktober", "okt", "οκτ", "οκτωβρίου", "οκτώβριος", "października", "październik", "paź", "окт", "октября", "октябрь"},
		{"nov", "november", "novembre", "noviembre", "novembro", "νοέ", "νοε", "νοεμβρίου", "νοέμβριος", "listopada", "listopad", "lis", "ноя", "ноября", "ноябрь"},
		{"dec", "december", "dicembre", "dic", "décembre", "decembre", "déc", "diciembre", "dezembro", "dezember", "dez", "δεκ", "δεκεμβρίου", "δεκέμβριος", "desember", "des", "grudnia", "grudzień", "gru", "дек", "декабря", "декабрь"},
	}
	english := []string{"Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"}
	for i, names := range months {
		for _, n := range names {
			foreignMonths[n] = english[i]
		}
	}
	for _, d := range strings.Fields(`mon tue wed thu fri sat sun monday tuesday wednesday thursday friday saturday sunday
		lun mar mer gio ven sab dom lunedì lunedi martedì martedi mercoledì mercoledi giovedì giovedi venerdì venerdi sabato domenica
		jeu sam dim lundi mardi mercredi jeudi vendredi samedi dimanche
		mié mie jue vie sáb lunes martes miércoles miercoles jueves viernes sábado sabado domingo
		seg ter qua qui sex segunda terça terca quarta quinta sexta segunda-feira terça-feira terca-feira quarta-feira quinta-feira sexta-feira
		mo di mi do fr sa so mon die mit don fre son montag dienstag mittwoch donnerstag freitag samstag sonnabend sonntag
		ma wo vr za zo maa din woe vri zat zon maandag dinsdag woensdag donderdag vrijdag zaterdag zondag
		κυρ δευ τρι τετ πεμ παρ σαβ κυριακή δευτέρα τρίτη τετάρτη πέμπτη παρασκευή σάββατο
		mån tis ons tor lör sön måndag tisdag onsdag torsdag fredag lördag söndag
		man tir lør søn mandag tirsdag lørdag søndag
		pon wt śr czw pt sob niedz nd poniedziałek wtorek środa czwartek piątek sobota niedziela
		пн вт ср чт пт сб вс пон вто сре чет пят суб вос понедельник вторник среда четверг пятница суббота воскресенье`) {
		foreignWeekdays[d] = true
	}
}

// rfc822Zones are the zone names RFC 822 §5.1 defines, and the two-letter
// North American names feeds also use (AT, ET, CT, MT, PT: standard time),
// with their offsets in hours. time.Parse gives an unknown abbreviation a zero offset, which
// would be wrong by hours for the North American zones.
var rfc822Zones = map[string]int{
	"ut": 0, "utc": 0, "gmt": 0, "z": 0,
	"est": -5, "edt": -4, "cst": -6, "cdt": -5, "mst": -7, "mdt": -6, "pst": -8, "pdt": -7,
	"at": -4, "et": -5, "ct": -6, "mt": -7, "pt": -8,
}

// foreignDateLayouts are the RFC 822 shapes a date takes once its weekday
// is dropped and its month is in English.
var foreignDateLayouts = []string{
	"2 Jan 2006 15:04:05 -0700",
	"2 Jan 2006 15:04 -0700",
	"2 Jan 2006 15:04:05",
	"2 Jan 2006 15:04",
	"2 Jan 2006",
	"Jan 2 2006 15:04:05 -0700",
	"Jan 2 2006 15:04:05",
}

// parseForeignDate reads an RFC 822 style date written with day and month
// names in one of the common European languages (Italian "mer, 16 nov
// 2022 00:38:15 +0100", French "mercredi 16 novembre 2022 00:38:15 +0100",
// German "Mi, 16. Nov 2022 ...", ...), which gofeed leaves unparsed. It
// reads a trailing RFC 822 zone name, drops a leading weekday, turns the
// month into English and tries foreignDateLayouts. A date without a zone is
// taken as UTC. It reports false when s does not read as such a date.
func parseForeignDate(s string) (time.Time, bool) {
	fields := strings.FieldsFunc(strings.ToLower(s), func(r rune) bool {
		return unicode.IsSpace(r) || r == ','
	})
	offset, fields := trailingZone(fields)
	if t, ok := parseEnglished(fields, offset); ok {
		return t, true
	}
	// "mar" is both Tuesday and March in Italian and Spanish: the leading
	// field is taken as a weekday only when the date does not read with it.
	if len(fields) > 0 && foreignWeekdays[strings.TrimSuffix(fields[0], ".")] {
		return parseEnglished(fields[1:], offset)
	}
	return time.Time{}, false
}

// parseEnglished turns the month among fields into English and tries
// foreignDateLayouts; offset is the zone's offset from UTC.
func parseEnglished(fields []string, offset time.Duration) (time.Time, bool) {
	words := make([]string, len(fields))
	for i, f := range fields {
		f = strings.TrimSuffix(f, ".")
		if m, ok := foreignMonths[f]; ok {
			f = m
		}
		words[i] = f
	}
	text := strings.Join(words, " ")
	for _, layout := range foreignDateLayouts {
		if t, err := time.Parse(layout, text); err == nil {
			return t.Add(-offset).UTC(), true
		}
	}
	return time.Time{}, false
}

// trailingZone removes a final RFC 822 zone name from fields and returns
// its offset from UTC; fields are returned unchanged when the last one is
// not such a name.
func trailingZone(fields []string) (time.Duration, []string) {
	if len(fields) == 0 {
		return 0, fields
	}
	h, ok := rfc822Zones[fields[len(fields)-1]]
	if !ok {
		return 0, fields
	}
	return time.Duration(h) * time.Hour, fields[:len(fields)-1]
}

// itemTime returns the date gofeed parsed, else raw read as a foreign
// language date, in UTC; the zero time when neither gives one.
func itemTime(parsed *time.Time, raw string) time.Time {
	if parsed != nil {
		return parsed.UTC()
	}
	if t, ok := parseForeignDate(raw); ok {
		return t
	}
	return time.Time{}
}
