package server

import (
	"net/http"
	"strings"
	"testing"
	"time"
)

// TestDigestAtomUsesTheZone serves the Atom digest of a server in
// Auckland (UTC+13 in March): a change at 13:00 UTC on 14 March is on 15
// March there, as in the e-mails. Before Config.Zone the feed used UTC days.
func TestDigestAtomUsesTheZone(t *testing.T) {
	loc, err := time.LoadLocation("Pacific/Auckland")
	if err != nil {
		t.Skip("no time zone database:", err)
	}
	e := newEnv(t, Config{Zone: loc})
	ann, bob := e.user("ann"), e.user("bob")
	pageWithChange(t, e, ann, bob) // the change at testNow + 1h: 13:00 UTC
	status, body := e.call("GET", "/api/digest.atom", ann.token, nil)
	atom := string(body)
	if status != http.StatusOK || !strings.Contains(atom, "digest:ann:2025-03-15</id>") || strings.Contains(atom, "digest:ann:2025-03-14</id>") {
		t.Errorf("atom digest: %d, want the change on 15 March (Auckland):\n%s", status, atom)
	}
}
