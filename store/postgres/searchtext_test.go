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
		{"a mark that folding leaves separates", "कि", "नमस्ते", "क:1\nत नमस"},
		{"private use is a letter", "\ue000x", "", "'\ue000x':1\n"},
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
	// 87,300 title lexemes of 7 bytes and one position cost 12 bytes each
	// in a tsvector, 1,047,600, leaving 975: the last title word, of 971
	// bytes, costs 976 with its position and is cut from the title part,
	// but fits the body part, which it is in.
	var title []string
	for i := range 87300 {
		title = append(title, fmt.Sprintf("t%06d", i))
	}
	last := "v" + strings.Repeat("x", 970)
	got = searchColumn(strings.Join(append(title, last), " "), last)
	head, tail, _ := strings.Cut(got, "\n")
	if strings.Contains(head, last) || tail != last || !strings.Contains(head, "t087299:16383") {
		t.Errorf("a title word cut by the size limit is not in the body part: body part %.20q", tail)
	}
	body := make([]string, 0, 200000)
	for i := range 200000 {
		body = append(body, fmt.Sprintf("lexeme%07d", i)) // 13 bytes each, 2.6 MB
	}
	got = searchColumn("", strings.Join(body, " "))
	lexemeBytes := len(got) - strings.Count(got, " ") - 1
	if lexemeBytes > maxVectorBytes || lexemeBytes < maxVectorBytes-20 {
		t.Errorf("a body of 2.6 MB of distinct words keeps %d bytes of lexemes, want just under %d", lexemeBytes, maxVectorBytes)
	}
}

// TestSearchColumnCasts checks on the server that every search text casts
// to a tsvector holding the lexemes written, the hostile ones included,
// and that for text of plain words it is the vector PostgreSQL's own
// to_tsvector('simple', ...) made before migration 9.
func TestSearchColumnCasts(t *testing.T) {
	ctx := context.Background()
	db := openTestDB(t)
	words := func(prefix string, n int) string {
		w := make([]string, n)
		for i := range w {
			w[i] = fmt.Sprintf("%s%06d", prefix, i)
		}
		return strings.Join(w, " ")
	}
	tests := []struct {
		title, body string
		plain       bool // words PostgreSQL's parser reads alike
		cut         bool // past the size limit: some lexemes left out
	}{
		{"budget delay budget of the city", "no delay in the budget said the city", true, false},
		{"cafe creme", "budget cafe delay free creme brulee", true, false},
		{"a b a b a", strings.Repeat("lorem ipsum dolor ", 500), true, false},
		{"it's o'brien\\", `quote ' and '' and \' backslash \\ colon : a:1 'x':2`, false, false},
		{"東京 ٣ कि ö", "ëñ ß ﬁ ǅ \u0301 ͅ x\u20dd \ue000", false, false},
		{strings.Repeat("x ", 300), strings.Repeat("y", maxLexemeBytes) + " z", false, false},
		{"red kestrel", words("b", 220000), false, true},
		{words("t", 300), words("b", 200000), false, true},
		{words("t", 120000), "", false, true},
	}
	for i, tt := range tests {
		text := searchColumn(tt.title, tt.body)
		var lexemes []string
		if err := db.pool.QueryRow(ctx, `SELECT tsvector_to_array(setweight(split_part($1, E'\n', 1)::tsvector, 'A') || split_part($1, E'\n', 2)::tsvector)`, text).Scan(&lexemes); err != nil {
			t.Fatalf("text %d does not cast: %v\n%.300q", i, err, text)
		}
		if tt.cut {
			continue // it casts: the limit holds
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

// TestSearchWordTooLong checks that a query word longer than any lexeme
// finds nothing, without an error (PostgreSQL refuses such a word in a
// tsquery).
func TestSearchWordTooLong(t *testing.T) {
	ctx := context.Background()
	db := openTestDB(t)
	for _, query := range []string{strings.Repeat("a", maxLexemeBytes+1), "kestrel " + strings.Repeat("é", maxLexemeBytes)} {
		found, err := db.SearchItems(ctx, 0, query, 0)
		if err != nil || len(found) != 0 {
			t.Errorf("search of a %d-byte query = %d items, %v; want none, no error", len(query), len(found), err)
		}
	}
}

// openTestDB opens a store on a schema of its own on the test server,
// closed when the test ends.
func openTestDB(t *testing.T) *DB {
	t.Helper()
	db, err := Open(context.Background(), pgtest.Schema(t))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { db.Close() })
	return db
}
