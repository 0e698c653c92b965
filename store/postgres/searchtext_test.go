package postgres

import (
	"context"
	"fmt"
	"slices"
	"strings"
	"testing"

	"vigil/store/postgres/pgtest"
)

// TestSearchColumn checks the search text written for titles and bodies:
// the title's lexemes with their positions, the body's others without, in
// byte order, quoted where a lexeme holds other than letters and digits,
// within tsvector's limits.
func TestSearchColumn(t *testing.T) {
	long := strings.Repeat("a", maxLexemeBytes+1)
	longest := strings.Repeat("b", maxLexemeBytes)
	tests := []struct {
		name, title, body, want string
	}{
		{"words", "red kestrel", "over the field, a kestrel hovers", "kestrel:2 red:1\na field hovers over the"},
		{"repeated title word", "a b a", "", "a:1,3 b:2\n"},
		{"empty", "", "", "\n"},
		{"addresses and numbers", "", "see www.hawk-watch.example/nests for 1.5 m", "\n1 5 example for hawk m nests see watch www"},
		{"punctuation and marks alone", "— ·", "' \\ : ̈ ?", "\n"},
		{"a spacing mark is quoted", "कि", "", "'कि':1\n"},
		{"too long a word is left out", "", long + " " + longest, "\n" + longest},
		{"quotes and backslashes separate words", "", `it's a\b`, "\na b it s"},
		{"digits and letters of other scripts", "東京 ٣", "", "٣:2 東京:1\n"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := searchColumn(tt.title, tt.body); got != tt.want {
				t.Errorf("searchColumn(%q, %q) = %.200q, want %.200q", tt.title, tt.body, got, tt.want)
			}
		})
	}
}

// TestSearchColumnLimits checks that a title's lexeme keeps at most 255
// positions, none past 16383, and that a body of more distinct words than
// a vector holds is cut at its size limit.
func TestSearchColumnLimits(t *testing.T) {
	got := searchColumn(strings.Repeat("x ", 300), "")
	if n := strings.Count(strings.TrimSuffix(got, "\n"), ",") + 1; n != maxPositions {
		t.Errorf("a title word 300 times keeps %d positions, want %d", n, maxPositions)
	}
	var words []string
	for i := range maxPosition + 10 {
		words = append(words, fmt.Sprintf("w%05d", i))
	}
	got = searchColumn(strings.Join(words, " "), "")
	if !strings.Contains(got, fmt.Sprintf("w%05d:%d ", maxPosition+5, maxPosition)) || strings.Contains(got, fmt.Sprintf(":%d", maxPosition+1)) {
		t.Errorf("positions past %d are not held there", maxPosition)
	}
	body := make([]string, 0, 200000)
	for i := range 200000 {
		body = append(body, fmt.Sprintf("lexeme%07d", i)) // 13 bytes each, 2.6 MB
	}
	got = searchColumn("", strings.Join(body, " "))
	lexemeBytes := len(got) - strings.Count(got, " ") - 1
	if lexemeBytes > maxVectorLexBytes || lexemeBytes < maxVectorLexBytes-20 {
		t.Errorf("a body of 2.6 MB of distinct words keeps %d bytes of lexemes, want just under %d", lexemeBytes, maxVectorLexBytes)
	}
}

// TestSearchColumnCasts checks on the server that every search text casts
// to a tsvector holding the lexemes written, the hostile ones included,
// and that for text of plain words it is the vector PostgreSQL's own
// to_tsvector('simple', ...) made before migration 9.
func TestSearchColumnCasts(t *testing.T) {
	ctx := context.Background()
	db, err := Open(ctx, pgtest.Schema(t))
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	tests := []struct {
		title, body string
		plain       bool // words PostgreSQL's parser reads alike
	}{
		{"budget delay budget of the city", "no delay in the budget said the city", true},
		{"cafe creme", "budget cafe delay free creme brulee", true},
		{"a b a b a", strings.Repeat("lorem ipsum dolor ", 500), true},
		{"it's o'brien\\", `quote ' and '' and \' backslash \\ colon : a:1 'x':2`, false},
		{"東京 ٣ कि ö", "ëñ ß ﬁ ǅ \u0301 ͅ x\u20dd", false},
		{strings.Repeat("x ", 300), strings.Repeat("y", maxLexemeBytes) + " z", false},
	}
	for i, tt := range tests {
		text := searchColumn(tt.title, tt.body)
		var lexemes []string
		if err := db.pool.QueryRow(ctx, `SELECT tsvector_to_array(setweight(split_part($1, E'\n', 1)::tsvector, 'A') || split_part($1, E'\n', 2)::tsvector)`, text).Scan(&lexemes); err != nil {
			t.Fatalf("text %d does not cast: %v\n%.300q", i, err, text)
		}
		want := slices.Concat(indexWords(tt.title), indexWords(tt.body))
		slices.Sort(want)
		if want = slices.Compact(want); !slices.Equal(lexemes, want) {
			t.Errorf("text %d casts to lexemes %.300q, want %.300q", i, lexemes, want)
		}
		if !tt.plain {
			continue
		}
		var same bool
		if err := db.pool.QueryRow(ctx, `SELECT split_part($1, E'\n', 1)::tsvector = to_tsvector('simple', $2)
			AND split_part($1, E'\n', 2)::tsvector = ts_delete(strip(to_tsvector('simple', $3)), tsvector_to_array(to_tsvector('simple', $2)))`,
			text, tt.title, tt.body).Scan(&same); err != nil || !same {
			t.Errorf("text %d is not the vector to_tsvector makes of plain words (%v)", i, err)
		}
	}
}
