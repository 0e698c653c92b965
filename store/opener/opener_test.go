package opener_test

import (
	"context"
	"path/filepath"
	"testing"

	"vigil/store/opener"
	"vigil/store/postgres"
	"vigil/store/postgres/pgtest"
	"vigil/store/sqlite"
)

func TestOpenChoosesTheStore(t *testing.T) {
	tests := []struct {
		name string
		db   func(t testing.TB) string
		want string
	}{
		{"file path", func(t testing.TB) string { return filepath.Join(t.TempDir(), "v.db") }, "sqlite"},
		{"postgres URL", pgtest.Schema, "postgres"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			st, err := opener.Open(context.Background(), tt.db(t))
			if err != nil {
				t.Fatal(err)
			}
			defer st.Close()
			got := ""
			switch st.(type) {
			case *sqlite.DB:
				got = "sqlite"
			case *postgres.DB:
				got = "postgres"
			}
			if got != tt.want {
				t.Errorf("Open gave a %s store, want %s", got, tt.want)
			}
		})
	}
}
