package sqlflow

import (
	"reflect"
	"slices"
	"testing"
)

// TestMissingFields checks that New names every statement without text,
// in nested groups too, and never those tagged optional.
func TestMissingFields(t *testing.T) {
	tests := []struct {
		name      string
		set       func(*Statements)
		reported  []string
		notReport []string
	}{
		{"nothing filled", func(*Statements) {},
			[]string{"Statements.Notify", "Statements.Session.Delete", "Statements.Item.List"},
			[]string{"Statements.PageVersion.LockFeed"}},
		{"one group filled", func(s *Statements) { s.Session = SessionSQL{Create: "c", User: "u", Delete: "d"} },
			[]string{"Statements.Notify"},
			[]string{"Statements.Session.Create", "Statements.Session.User", "Statements.Session.Delete"}},
		{"one statement of a group left out", func(s *Statements) { s.Session = SessionSQL{Create: "c", User: "u"} },
			[]string{"Statements.Session.Delete"},
			[]string{"Statements.Session.Create"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var s Statements
			tt.set(&s)
			got := missingFields(reflect.ValueOf(s), "Statements")
			for _, n := range tt.reported {
				if !slices.Contains(got, n) {
					t.Errorf("%s not reported missing: %v", n, got)
				}
			}
			for _, n := range tt.notReport {
				if slices.Contains(got, n) {
					t.Errorf("%s reported missing: %v", n, got)
				}
			}
		})
	}
	if _, err := New(nil, Dialect{Name: "test"}, Statements{}, nil); err == nil {
		t.Fatal("New accepted statements without text")
	}
	d := missingFields(reflect.ValueOf(Dialect{Name: "test"}), "Dialect")
	if !slices.Contains(d, "Dialect.Placeholder") || slices.Contains(d, "Dialect.Text") || slices.Contains(d, "Dialect.Name") {
		t.Fatalf("missing dialect functions %v, want Placeholder and neither the optional Text nor the name", d)
	}
}
