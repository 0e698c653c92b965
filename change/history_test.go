package change

import (
	"testing"
	"time"
)

func TestSelectHistory(t *testing.T) {
	t0 := time.Date(2026, 4, 1, 0, 0, 0, 0, time.UTC)
	var changes []Entry
	// Twelve changes a day apart, ids 1..12 (12 newest). Rated: 2
	// (important), 4 (significant), 6 (negligible), 11 (important, but
	// among the recent). Agent: 1 important by extent 0.9, 3 important by
	// extent 0.5, the others negligible.
	rated := map[int64]Combined{
		2: {Score: 3, Severity: Important, Ratings: 1}, 4: {Score: 2, Severity: Significant, Ratings: 2},
		6: {Score: 1, Severity: Negligible, Ratings: 1}, 11: {Score: 3, Severity: Important, Ratings: 1},
	}
	for id := int64(1); id <= 12; id++ {
		e := Entry{ID: id, Time: t0.Add(time.Duration(id) * 24 * time.Hour), Agent: Negligible, Community: rated[id]}
		switch id {
		case 1:
			e.Agent, e.AgentExtent = Important, 0.9
		case 3:
			e.Agent, e.AgentExtent = Important, 0.5
		}
		changes = append(changes, e)
	}
	h := SelectHistory(changes, HistoryOptions{})
	if got, want := ids(h.Recent), []int64{12, 11, 10, 9, 8}; !equalIDs(got, want) {
		t.Errorf("recent = %v, want %v", got, want)
	}
	// Community first (2, 4, 6 by score), then the agent's top two (1, 3).
	if got, want := ids(h.Important), []int64{2, 4, 6, 1, 3}; !equalIDs(got, want) {
		t.Errorf("important = %v, want %v", got, want)
	}
	if h.ByAgent != 2 {
		t.Errorf("by agent = %d, want 2", h.ByAgent)
	}
	short := SelectHistory(changes[:3], HistoryOptions{})
	if len(short.Recent) != 3 || len(short.Important) != 0 {
		t.Errorf("three changes: %+v", short)
	}
}

func ids(es []Entry) []int64 {
	var out []int64
	for _, e := range es {
		out = append(out, e.ID)
	}
	return out
}

func equalIDs(a, b []int64) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}
