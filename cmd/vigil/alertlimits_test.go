package main

import (
	"database/sql"
	"strings"
	"testing"

	"vigil"
)

// TestAlertAddLimits checks that vigil alert add refuses a rule over a
// limit, exiting non-zero with a message naming the limit, and that
// vigil alert list marks a rule stored before the limits that exceeds one
// as inert, shortened, while --json keeps it whole.
func TestAlertAddLimits(t *testing.T) {
	db := annDB(t)
	tests := []struct {
		name, query, says string
	}{
		{"at the size", strings.Repeat("a", vigil.MaxAlertRuleBytes), ""},
		{"over the size", strings.Repeat("a", vigil.MaxAlertRuleBytes+1), "the limit is 1024 bytes per rule"},
		{"over the terms", strings.Repeat("w ", vigil.MaxAlertRuleTerms+1), "the limit is 32 terms"},
	}
	for _, tt := range tests {
		code, out, errOut := cli(t, db, "", "alert", "add", tt.query)
		if tt.says == "" && code != 0 || tt.says != "" && (code == 0 || !strings.Contains(errOut, tt.says)) {
			t.Errorf("%s: exit %d, %q %q; want refusal saying %q (none if empty)", tt.name, code, out, errOut, tt.says)
		}
	}
	raw, err := sql.Open("sqlite", "file:"+db)
	if err != nil {
		t.Fatal(err)
	}
	long := strings.Repeat("launch ", 300)
	_, err = raw.Exec(`INSERT INTO alert_rules (user_id, query, created_at) VALUES (1, ?, 0)`, long)
	raw.Close()
	if err != nil {
		t.Fatal(err)
	}
	code, out, errOut := cli(t, db, "", "alert", "list")
	lines := strings.Split(strings.TrimSpace(out), "\n")
	if code != 0 || len(lines) != 2 || strings.Contains(lines[0], "INERT") ||
		!strings.Contains(lines[1], "… (2100 bytes)\" in every feed\tINERT: matches nothing: alert rule is 2099 bytes long") {
		t.Errorf("alert list: exit %d %q %q", code, out, errOut)
	}
	if _, out, _ = cli(t, db, "", "alert", "list", "--json"); !strings.Contains(out, long) || !strings.Contains(out, `"inert":"matches nothing`) {
		t.Errorf("alert list --json lacks the whole query or its inert reason: %.300s", out)
	}
}
