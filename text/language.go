package text

import "strings"

// Snowball language names, the values Language returns.
const (
	// English is the Snowball name of English.
	English = "english"
	// French is the Snowball name of French.
	French = "french"
	// Spanish is the Snowball name of Spanish.
	Spanish = "spanish"
	// Russian is the Snowball name of Russian.
	Russian = "russian"
	// Swedish is the Snowball name of Swedish.
	Swedish = "swedish"
	// Norwegian is the Snowball name of Norwegian.
	Norwegian = "norwegian"
	// Hungarian is the Snowball name of Hungarian.
	Hungarian = "hungarian"
	// Italian is the Snowball name of Italian.
	Italian = "italian"
	// German is the Snowball name of German.
	German = "german"
	// Dutch is the Snowball name of Dutch.
	Dutch = "dutch"
	// Portuguese is the Snowball name of Portuguese.
	Portuguese = "portuguese"
	// Polish is the name of Polish (Snowball has no Polish stemmer; the
	// name follows the same pattern).
	Polish = "polish"
)

// languageNames maps a lower-cased primary language subtag, ISO 639-2 code
// or language name to a Snowball language name.
var languageNames = map[string]string{
	"en": English, "eng": English, English: English,
	"fr": French, "fra": French, "fre": French, French: French, "français": French, "francais": French,
	"es": Spanish, "spa": Spanish, Spanish: Spanish, "español": Spanish, "espanol": Spanish, "castellano": Spanish,
	"ru": Russian, "rus": Russian, Russian: Russian, "русский": Russian,
	"sv": Swedish, "swe": Swedish, Swedish: Swedish, "svenska": Swedish,
	"no": Norwegian, "nb": Norwegian, "nn": Norwegian, "nor": Norwegian, "nob": Norwegian, "nno": Norwegian,
	Norwegian: Norwegian, "norsk": Norwegian, "bokmål": Norwegian, "bokmal": Norwegian, "nynorsk": Norwegian,
	"hu": Hungarian, "hun": Hungarian, Hungarian: Hungarian, "magyar": Hungarian,
	"it": Italian, "ita": Italian, Italian: Italian, "italiano": Italian,
	"de": German, "deu": German, "ger": German, German: German, "deutsch": German,
	"nl": Dutch, "nld": Dutch, "dut": Dutch, Dutch: Dutch, "nederlands": Dutch, "flemish": Dutch, "vlaams": Dutch,
	"pt": Portuguese, "por": Portuguese, Portuguese: Portuguese, "português": Portuguese, "portugues": Portuguese,
	"pl": Polish, "pol": Polish, Polish: Polish, "polski": Polish,
}

// Language maps a feed's language, a BCP 47-like tag ("en", "en-US",
// "EN_gb", "nb") or a language name ("English"), to the Snowball language
// name used by Config; it returns "" for an empty or unsupported language.
// Only the primary subtag counts: anything after '-', '_', a space or '('
// is ignored.
func Language(tag string) string {
	tag = strings.ToLower(strings.TrimSpace(tag))
	if i := strings.IndexAny(tag, "-_ ("); i >= 0 {
		tag = tag[:i]
	}
	return languageNames[tag]
}
