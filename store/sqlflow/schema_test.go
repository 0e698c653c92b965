package sqlflow

import (
	"regexp"
	"strings"
	"testing"
)

// TestExpandLeavesNoTypeName checks that every piece of shared schema
// text, expanded with a dialect's types, names no type in braces that
// ColumnTypes does not replace, and that each type lands where its name
// stood.
func TestExpandLeavesNoTypeName(t *testing.T) {
	pieces := map[string]string{
		"SessionsTable": SessionsTable, "FeedsTable": FeedsTable, "SubscriptionsTable": SubscriptionsTable,
		"ObservationsTable": ObservationsTable, "NoticesTable": NoticesTable, "AccessesTable": AccessesTable,
		"ProfilerTables": ProfilerTables, "PageTables": PageTables, "FollowTables": FollowTables,
		"DigestTables": DigestTables, "AlertsSchema": AlertsSchema, "PushSchema": PushSchema,
		"PageReadingSchema": PageReadingSchema, "PageNoiseSchema": PageNoiseSchema,
		"AccessLooksSchema": AccessLooksSchema,
	}
	types := ColumnTypes{ID: "T_ID", Int64: "T_INT64", Float: "T_FLOAT", Bytes: "T_BYTES",
		Bool: "T_BOOL", True: "T_TRUE", False: "T_FALSE", NoRowID: " T_NOROWID"}
	left := regexp.MustCompile(`\{[a-z0-9]+\}`)
	for name, text := range pieces {
		t.Run(name, func(t *testing.T) {
			if !strings.HasPrefix(text, "\n") || !strings.HasSuffix(text, ";\n") {
				t.Errorf("does not start with a newline and end with ;\\n: %q", text)
			}
			got := types.Expand(text)
			if m := left.FindString(got); m != "" {
				t.Errorf("%s left in %s", m, got)
			}
			if strings.Count(got, "T_INT64") != strings.Count(text, "{int64}") {
				t.Errorf("{int64} not replaced one for one in %s", got)
			}
		})
	}
	if got := types.Expand("a {id},\n", "b {bool} DEFAULT {false}){norowid};\n"); got != "a T_ID,\nb T_BOOL DEFAULT T_FALSE) T_NOROWID;\n" {
		t.Errorf("Expand joined and replaced as %q", got)
	}
}
