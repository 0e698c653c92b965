package text_test

import (
	"slices"
	"strings"
	"testing"

	"vigil/text"
)

// mustAnalyzer returns an Analyzer for c or stops the test.
func mustAnalyzer(t testing.TB, c text.Config) *text.Analyzer {
	t.Helper()
	a, err := text.NewAnalyzer(c)
	if err != nil {
		t.Fatal(err)
	}
	return a
}

func TestTermsTokens(t *testing.T) {
	tests := []struct {
		name, language, in string
		want               []string
	}{
		{"empty", "", "", nil},
		{"punctuation only", "", " ,.;!? -- ", nil},
		{"lower-cased and stemmed", "", "Running CONNECTIONS", []string{"run", "connect"}},
		{"stop words dropped", "", "the feed of the day", []string{"feed", "day"}},
		{"single letters dropped", "", "x y z go", []string{"go"}},
		{"numbers of two digits kept", "", "in 2026 we had 3 or 42 items", []string{"2026", "42", "item"}},
		{"numbers glued to letters", "", "mp3 players 2nd", []string{"mp3", "player", "2nd"}},
		{"hyphen splits", "", "state-of-the-art", []string{"state", "art"}},
		{"contraction stop word", "", "don't panic, it's fine", []string{"panic", "fine"}},
		{"typographic apostrophe", "", "don\u2019t panic", []string{"panic"}},
		{"possessive split", "", "John's books", []string{"john", "book"}},
		{"apostrophes at edges", "", "'quoted' words'", []string{"quot", "word"}},
		{"accents", "french", "Éléphants déjà célèbres", []string{"éleph", "déjà", "célebr"}},
		{"combining accent normalised", "", "cafe\u0301 café", []string{"café", "café"}},
		{"cyrillic", "russian", "КНИГИ библиотеки", []string{"книг", "библиотек"}},
		{"greek lower-cased", "", "ΣΟΦΊΑ", []string{"σοφία"}},
		{"cjk run is one token", "", "東京タワーへ行く", []string{"東京タワーへ行く"}},
		{"cjk split from latin", "", "iPhone发布2026年", []string{"iphon", "发布", "2026"}},
		{"katakana prolonged mark", "", "コーヒー", []string{"コーヒー"}},
		{"hangul", "", "서울 특별시", []string{"서울", "특별시"}},
		{"overlong token dropped", "", strings.Repeat("ab", 30) + " ok", []string{"ok"}},
		{"french elision", "fr", "l'homme qu'il aimait", []string{"homm", "aim"}},
		{"spanish", "es", "las canciones nacionales", []string{"cancion", "nacional"}},
		{"swedish", "sv", "flickorna och böckerna", []string{"flick", "böck"}},
		{"norwegian", "nb", "bilene og huset", []string{"bil", "hus"}},
		{"hungarian", "hu", "a házakban az emberek", []string{"ház", "ember"}},
		{"unsupported language means english", "da", "running", []string{"run"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			a := mustAnalyzer(t, text.Config{Language: tt.language, NoAffinities: true})
			if got := a.Terms(nil, tt.in); !slices.Equal(got, tt.want) {
				t.Errorf("Terms(%q) = %q, want %q", tt.in, got, tt.want)
			}
		})
	}
}

func TestTermsAffinities(t *testing.T) {
	a := mustAnalyzer(t, text.Config{})
	// Positions: the=0 cat=1 chased=2 the=3 mouse=4 and=5 the=6 cat=7.
	got := a.Terms(nil, "The cat chased the mouse and the cat")
	// cat(7) is 6 positions from cat(1), so it pairs with chased and mouse
	// only; the pair of the two cats would be skipped anyway.
	want := []string{
		"cat", "chase", "mous", "cat",
		"cat chase",
		"cat mous", "chase mous",
		"cat chase", "cat mous",
	}
	if !slices.Equal(got, want) {
		t.Errorf("Terms = %q, want %q", got, want)
	}
}

func TestTermsAffinityWindow(t *testing.T) {
	tests := []struct {
		name   string
		window int
		in     string
		want   []string
	}{
		{"distance 5 included", 0, "alpha the of and to beta", []string{"alpha", "beta", "alpha beta"}},
		{"distance 6 excluded", 0, "alpha the of and to in beta", []string{"alpha", "beta"}},
		{"window 1 adjacent only", 1, "alpha beta the gamma", []string{"alpha", "beta", "gamma", "alpha beta"}},
		{"sorted pair", 0, "zebra apple", []string{"zebra", "appl", "appl zebra"}},
		{"equal stems skipped", 0, "run running runs", []string{"run", "run", "run"}},
		{"dropped tokens keep positions", 2, "alpha x beta", []string{"alpha", "beta", "alpha beta"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			a := mustAnalyzer(t, text.Config{AffinityWindow: tt.window})
			if got := a.Terms(nil, tt.in); !slices.Equal(got, tt.want) {
				t.Errorf("Terms(%q) = %q, want %q", tt.in, got, tt.want)
			}
		})
	}
}

func TestTermsAppends(t *testing.T) {
	a := mustAnalyzer(t, text.Config{NoAffinities: true})
	dst := a.Terms([]string{"kept"}, "first words")
	dst = a.Terms(dst, "second")
	want := []string{"kept", "first", "word", "second"}
	if !slices.Equal(dst, want) {
		t.Errorf("Terms appended %q, want %q", dst, want)
	}
}

func TestDocument(t *testing.T) {
	a := mustAnalyzer(t, text.Config{})
	got := a.Document(nil, "Go release", "<p>Faster <b>builds</b></p><script>tracking()</script>")
	want := a.Terms(nil, "Go release Faster builds")
	if !slices.Equal(got, want) {
		t.Errorf("Document = %q, want %q", got, want)
	}
	if !slices.Contains(got, "releas") || !slices.Contains(got, "build faster") {
		t.Errorf("Document = %q, want stems and affinities across title and body", got)
	}
}

func TestNewAnalyzerErrors(t *testing.T) {
	tests := []struct {
		name  string
		c     text.Config
		field string
	}{
		{"negative window", text.Config{AffinityWindow: -1}, "AffinityWindow"},
		{"negative cache", text.Config{CacheSize: -5}, "CacheSize"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := text.NewAnalyzer(tt.c)
			if err == nil || !strings.Contains(err.Error(), tt.field) || !strings.HasPrefix(err.Error(), "text: ") {
				t.Errorf("NewAnalyzer(%+v) error = %v, want one naming %s", tt.c, err, tt.field)
			}
		})
	}
}

func TestAnalyzerLanguage(t *testing.T) {
	tests := []struct{ in, want string }{
		{"", "english"}, {"fr-CA", "french"}, {"russian", "russian"}, {"da", "english"}, {"de", "german"},
	}
	for _, tt := range tests {
		if got := mustAnalyzer(t, text.Config{Language: tt.in}).Language(); got != tt.want {
			t.Errorf("Config{Language: %q} gives %q, want %q", tt.in, got, tt.want)
		}
	}
}
