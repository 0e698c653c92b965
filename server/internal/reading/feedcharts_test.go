package reading

import (
	"slices"
	"strings"
	"testing"
	"time"

	"vigil"
	"vigil/estimate"
	"vigil/policy"
)

// TestPlannedMinutes checks the planned fetch times against Sia & Cho's
// placement: one fetch a day of a feed that publishes only from 09:00 to
// 10:00 goes right after the busy hour (Theorem 2), two fetches of a feed
// publishing evenly are 12 hours apart, and a feed with nothing learned is
// fetched evenly.
func TestPlannedMinutes(t *testing.T) {
	now := time.Date(2025, 3, 14, 12, 0, 0, 0, time.UTC)
	busy := make([]float64, 24)
	busy[9] = 6
	even := make([]float64, 24)
	for i := range even {
		even[i] = 1
	}
	fetched := func(n int) []vigil.Observation {
		var obs []vigil.Observation
		for i := range n {
			obs = append(obs, vigil.Observation{At: now.Add(-time.Duration(i+1) * time.Hour), Status: 200})
		}
		return obs
	}
	tests := []struct {
		name   string
		hourly []float64
		obs    []vigil.Observation
		want   []int
	}{
		{"one fetch after the busy hour", busy, fetched(1), []int{600}},
		{"no fetch yet still plans one", busy, nil, []int{600}},
		{"two fetches of an even feed", even, fetched(2), nil},
		{"nothing learned", make([]float64, 24), fetched(4), []int{0, 360, 720, 1080}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, m, err := plannedMinutes(feedChartData{Observations: tt.obs, Now: now}, tt.hourly)
			if err != nil {
				t.Fatal(err)
			}
			if m != len(got) {
				t.Errorf("count %d for %d times", m, len(got))
			}
			if tt.want == nil { // evenly spaced, wherever the first falls
				if len(got) != 2 || got[1]-got[0] != 720 {
					t.Errorf("times %v, want two 720 minutes apart", got)
				}
				return
			}
			if !slices.Equal(got, tt.want) {
				t.Errorf("times %v, want %v", got, tt.want)
			}
		})
	}
}

// TestFeedChartKinds checks each kind of chart against its data, and that
// an unknown kind is refused in words.
func TestFeedChartKinds(t *testing.T) {
	now := time.Date(2025, 3, 14, 12, 0, 0, 0, time.UTC)
	models := policy.NewModels(0.1, now.Add(-48*time.Hour))
	for i := range 8 { // an item every 3 hours
		models.Observe(now.Add(time.Duration(i-8)*3*time.Hour), 1, nil)
	}
	obs := []vigil.Observation{
		{At: now.Add(-time.Hour), Status: 200, NewItems: 3},
		{At: now.Add(-2 * time.Hour), Status: 500, Error: "the server failed"},
		{At: now.Add(-3 * time.Hour), NotModified: true, Status: 304},
		{At: now.Add(-20 * 24 * time.Hour), Status: 200, NewItems: 9}, // older than 14 days
	}
	d := feedChartData{Feed: vigil.Feed{Title: "Example"}, Models: models, Observations: obs, Now: now}
	tests := []struct {
		kind    string
		circles int
		wants   []string
	}{
		{chartDaily, 24, []string{"Daily pattern", `class="mark"`, "planned fetches (3 a day)"}},
		{chartWeekly, 168, []string{"Weekly pattern"}},
		{chartObservations, 3, []string{"3 fetches of Example in the last 14 days, 1 of them failed."}},
	}
	for _, tt := range tests {
		svg, err := drawFeedChart(d, tt.kind)
		if err != nil {
			t.Fatalf("%s: %v", tt.kind, err)
		}
		s := string(svg)
		if n := strings.Count(s, "<circle cx"); n != tt.circles {
			t.Errorf("%s: %d markers, want %d", tt.kind, n, tt.circles)
		}
		for _, w := range tt.wants {
			if !strings.Contains(s, w) {
				t.Errorf("%s: no %q in\n%s", tt.kind, w, s)
			}
		}
	}
	_, err := drawFeedChart(d, "pie")
	if vigil.ErrorCode(err) != vigil.EINVALID || !strings.Contains(vigil.ErrorMessage(err), `"pie"`) {
		t.Errorf("unknown kind: %v, want an invalid-request error naming it", err)
	}
}

// TestPlacementByPolicy checks that the planned fetches are placed as the
// policy in force places them: evenly for uniform, for delay by default,
// and for the readers' visits under user, where one fetch a day of a feed
// publishing evenly, read only from 20:00 to 21:00, goes within that hour
// just before the reading (Sia et al., Theorem 1), while for delay every
// position is as good.
func TestPlacementByPolicy(t *testing.T) {
	now := time.Date(2025, 3, 14, 12, 0, 0, 0, time.UTC)
	busy := make([]float64, 24)
	busy[9] = 6
	var visits []time.Time
	for d := range 14 {
		visits = append(visits, now.Add(-time.Duration(d+1)*24*time.Hour+8*time.Hour+30*time.Minute)) // 20:30
	}
	access, err := estimate.LearnAccess(visits, time.Time{}, now, policy.AccessWindow)
	if err != nil {
		t.Fatal(err)
	}
	one := []vigil.Observation{{At: now.Add(-time.Hour), Status: 200}}
	even := make([]float64, 24)
	for i := range even {
		even[i] = 1
	}
	tests := []struct {
		policy string
		hourly []float64
		ok     func(min int) bool
	}{
		{"", busy, func(min int) bool { return min == 600 }},
		{"combined", busy, func(min int) bool { return min == 600 }},
		{"uniform", busy, func(min int) bool { return min == 0 }},
		{"user", even, func(min int) bool { return min >= 1200 && min <= 1260 }},
	}
	for _, tt := range tests {
		d := feedChartData{Observations: one, Now: now, Access: &access, Placement: placementFor(tt.policy)}
		got, _, err := plannedMinutes(d, tt.hourly)
		if err != nil || len(got) != 1 || !tt.ok(got[0]) {
			t.Errorf("policy %q: planned %v (%v)", tt.policy, got, err)
		}
	}
}

// TestBusiest checks the busiest hour named in the charts' descriptions.
func TestBusiest(t *testing.T) {
	tests := []struct {
		rates []float64
		want  int
		ok    bool
	}{
		{[]float64{0, 0, 0}, 0, false},
		{[]float64{2, 2, 2}, 0, false},
		{[]float64{1, 3, 2}, 1, true},
		{[]float64{0, 0, 5}, 2, true},
	}
	for _, tt := range tests {
		got, ok := busiest(tt.rates)
		if ok != tt.ok || ok && got != tt.want {
			t.Errorf("busiest(%v) = %d, %v; want %d, %v", tt.rates, got, ok, tt.want, tt.ok)
		}
	}
}
