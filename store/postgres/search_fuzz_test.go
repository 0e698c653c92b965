package postgres

import (
	"context"
	"strings"
	"testing"

	"github.com/jackc/pgx/v5/pgxpool"

	"vigil/store/fulltext"
	"vigil/store/postgres/pgtest"
)

// FuzzTSQuery parses arbitrary search text as SearchItems does and writes
// its tsquery: no lexeme holds a quote or a backslash that could end its
// quoting, and PostgreSQL reads the query without a syntax error.
func FuzzTSQuery(f *testing.F) {
	for _, s := range []string{`go "feed reader" rss*`, `it's`, `a\'b`, `'); DROP TABLE items; --`, `!x | y & (z)`, `naïve café*`, `a:*b`, "x\u0301y", `"`, `***`} {
		f.Add(s)
	}
	pool, err := pgxpool.New(context.Background(), pgtest.Schema(f))
	if err != nil {
		f.Fatal(err)
	}
	f.Cleanup(pool.Close)
	f.Fuzz(func(t *testing.T, text string) {
		terms, err := fulltext.ParseQuery(text)
		if err != nil {
			return
		}
		terms, ok := lexemeTerms(terms)
		if !ok || len(terms) == 0 {
			return
		}
		for _, term := range terms {
			for _, w := range term.Words {
				if w == "" || strings.ContainsAny(w, `'\`) {
					t.Fatalf("query %q gives the lexeme %q", text, w)
				}
			}
		}
		q := tsQuery(terms)
		var parsed string
		if err := pool.QueryRow(context.Background(), `SELECT $1::tsquery::text`, q).Scan(&parsed); err != nil {
			t.Errorf("query %q: PostgreSQL refuses the tsquery %q: %v", text, q, err)
		}
	})
}
