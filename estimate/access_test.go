package estimate

import (
	"math"
	"testing"
	"time"
)

// readerAt returns a user who accessed once an hour at the given UTC hour of
// every day of the window ending at t0 + 14 days.
func readerAt(t *testing.T, hour, perDay int) Access {
	t.Helper()
	var times []time.Time
	for d := range 14 {
		for k := range perDay {
			times = append(times, t0.Add(time.Duration(d*24+hour)*time.Hour+time.Duration(k)*time.Minute))
		}
	}
	a, err := LearnAccess(times, time.Time{}, t0.Add(DefaultWindow), 0)
	if err != nil {
		t.Fatal(err)
	}
	return a
}

func TestLearnAccess(t *testing.T) {
	a := readerAt(t, 9, 2)
	if a.Readers != 1 || a.Events != 28 || math.Abs(a.Rate-28.0/(14*24)) > 1e-12 || a.Daily[9] != 1 {
		t.Fatalf("LearnAccess = %+v", a)
	}
	// u(t) at 09:xx is the day's 2 accesses within the hour; zero otherwise.
	if got := a.RateAt(t0.Add(33 * time.Hour)); math.Abs(got-2) > 1e-12 {
		t.Errorf("u(09:00) = %v, want 2 per hour", got)
	}
	if got := a.RateAt(t0.Add(34 * time.Hour)); got != 0 {
		t.Errorf("u(10:00) = %v, want 0", got)
	}
	if got := a.WeeklyRateAt(t0.Add(33 * time.Hour)); math.Abs(got-2) > 1e-12 {
		t.Errorf("weekly u(Tuesday 09:00) = %v, want 2 per hour", got)
	}
}

func TestSourceAccessIsWeightedSum(t *testing.T) {
	morning, evening := readerAt(t, 9, 1), readerAt(t, 20, 3)
	tests := []struct {
		name      string
		weights   []float64
		at9, at20 float64
		readers   float64
	}{
		{"subscribers count once", nil, 1, 3, 2},
		{"weighted", []float64{2, 1}, 2, 3, 3},
		{"one muted", []float64{0, 1}, 0, 3, 1},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			s, err := SourceAccess([]Access{morning, evening}, tc.weights)
			if err != nil {
				t.Fatal(err)
			}
			got9, got20 := s.RateAt(t0.Add(9*time.Hour)), s.RateAt(t0.Add(20*time.Hour))
			if math.Abs(got9-tc.at9) > 1e-12 || math.Abs(got20-tc.at20) > 1e-12 || s.Readers != tc.readers {
				t.Fatalf("u(09:00) %v u(20:00) %v readers %v; want %v %v %v", got9, got20, s.Readers, tc.at9, tc.at20, tc.readers)
			}
			if err := s.Validate(); err != nil {
				t.Errorf("combined pattern does not validate: %v", err)
			}
		})
	}
	none, err := SourceAccess(nil, nil)
	if err != nil || none.Rate != 0 || none.Validate() != nil {
		t.Errorf("no readers: %+v, %v; want a valid zero pattern", none, err)
	}
	for _, bad := range [][]float64{{1}, {1, -1}, {1, math.Inf(1)}} {
		if _, err := SourceAccess([]Access{morning, evening}, bad); err == nil {
			t.Errorf("SourceAccess accepted weights %v", bad)
		}
	}
	if _, err := SourceAccess([]Access{{}}, nil); err == nil {
		t.Error("SourceAccess accepted a reader without patterns")
	}
}

func TestUnmarshalAccess(t *testing.T) {
	good := readerAt(t, 7, 1)
	b, err := good.MarshalModel()
	if err != nil {
		t.Fatal(err)
	}
	back, err := UnmarshalAccess(b)
	if err != nil || back.Rate != good.Rate || back.Readers != 1 || !near(back.Daily, good.Daily, 0) || !near(back.Weekly, good.Weekly, 0) {
		t.Fatalf("round trip = %+v, %v", back, err)
	}
	daily := `[` + repeat("0", 23) + `,1]`
	weekly := `[` + repeat("0", 167) + `,1]`
	valid := `{"rate":1,"daily":` + daily + `,"weekly":` + weekly + `,"span":1,"readers":1}`
	if _, err := UnmarshalAccess([]byte(valid)); err != nil {
		t.Fatalf("UnmarshalAccess rejected a valid pattern: %v", err)
	}
	for _, bad := range []string{
		"", "{", `{"rate":1}`,
		`{"rate":-1,"daily":` + daily + `,"weekly":` + weekly + `,"span":1}`,
		`{"rate":1,"daily":[1],"weekly":` + weekly + `,"span":1}`,
		`{"rate":1,"daily":` + daily + `,"weekly":[1],"span":1}`,
		`{"rate":1,"daily":` + repeatList("0.5", 24) + `,"weekly":` + weekly + `,"span":1}`,
		`{"rate":1,"daily":` + daily + `,"weekly":` + weekly + `,"span":-1}`,
		`{"rate":1,"daily":` + daily + `,"weekly":` + weekly + `,"span":1,"readers":-2}`,
	} {
		if _, err := UnmarshalAccess([]byte(bad)); err == nil {
			t.Errorf("UnmarshalAccess(%.60q...) accepted a bad pattern", bad)
		}
	}
}

// repeat returns s n times, comma-separated.
func repeat(s string, n int) string {
	out := s
	for range n - 1 {
		out += "," + s
	}
	return out
}

// repeatList returns a JSON list of s n times.
func repeatList(s string, n int) string {
	return "[" + repeat(s, n) + "]"
}
