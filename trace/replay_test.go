package trace

import (
	"path/filepath"
	"slices"
	"testing"
	"time"
)

// weekOffset returns where t falls in its Monday-based UTC week.
func weekOffset(t time.Time) time.Duration { return t.Sub(weekStart(t)) }

// weeklyCounts counts accesses per week from the week of from.
func weeklyCounts(acc []Access, from time.Time) []int {
	var out []int
	origin := weekStart(from)
	for _, a := range acc {
		w := int(a.Time.Sub(origin) / week)
		for len(out) <= w {
			out = append(out, 0)
		}
		out[w]++
	}
	return out
}

func TestReplayCyclesWeeks(t *testing.T) {
	mon := time.Date(2020, 1, 6, 0, 0, 0, 0, time.UTC) // a Monday
	var acc []Access
	for w, n := range []int{3, 0, 5} {
		for i := 0; i < n; i++ {
			acc = append(acc, Access{User: "u", Time: mon.Add(time.Duration(w)*week + time.Duration(i*37+1)*time.Hour + 17*time.Second)})
		}
	}
	a := &Accesses{Users: []User{{ID: "u", Accesses: acc}}}
	start := time.Date(2026, 3, 4, 12, 0, 0, 0, time.UTC) // a Wednesday noon
	end := start.Add(6 * week)
	r := a.Replay(start, end)
	if !r.Start.Equal(start) || !r.End.Equal(end) || len(r.Users) != 1 {
		t.Fatalf("replayed %+v", r)
	}
	got := r.Users[0].Accesses
	for _, g := range got {
		if g.Time.Before(start) || !g.Time.Before(end) {
			t.Errorf("access %v outside the period", g.Time)
		}
		if !slices.ContainsFunc(acc, func(o Access) bool {
			return o.Time.Weekday() == g.Time.Weekday() && weekOffset(o.Time) == weekOffset(g.Time)
		}) {
			t.Errorf("access %v keeps no original weekday and time of day", g.Time)
		}
	}
	// Simulated weeks 0..6 copy the user's weeks 0,1,2,0,1,2,0; week 0 is
	// cut at Wednesday noon (2 of its 3 accesses fall before) and week 6 at
	// the same time.
	want := []int{1, 0, 5, 3, 0, 5, 2}
	if c := weeklyCounts(got, start); !slices.Equal(c, want) {
		t.Errorf("weekly counts %v, want %v", c, want)
	}
}

func TestReplayRealActivity(t *testing.T) {
	a, err := ReadAccessesFile(filepath.Join(sharedDir(), "traces", "activity.tsv.gz"))
	if err != nil {
		t.Fatalf("the real traces must be readable (set VIGIL_SHARED): %v", err)
	}
	start := time.Date(2013, 5, 20, 0, 0, 0, 0, time.UTC) // a Monday
	for _, u := range a.Users {
		// Replaying exactly the user's weeks must reproduce every access at
		// the same offset into its week, week by week.
		first := weekStart(u.Accesses[0].Time)
		weeks := int(weekStart(u.Accesses[len(u.Accesses)-1].Time).Sub(first)/week) + 1
		one := &Accesses{Users: []User{u}}
		got := one.Replay(start, start.Add(time.Duration(weeks)*week)).Users[0].Accesses
		if len(got) != len(u.Accesses) {
			t.Fatalf("%s: %d accesses replayed of %d", u.ID, len(got), len(u.Accesses))
		}
		for i, g := range got {
			o := u.Accesses[i].Time
			if g.Time.Weekday() != o.Weekday() || weekOffset(g.Time) != weekOffset(o) {
				t.Fatalf("%s: access %d moved from %v to %v", u.ID, i, o, g.Time)
			}
		}
		if !slices.Equal(weeklyCounts(got, start), weeklyCounts(u.Accesses, first)) {
			t.Errorf("%s: weekly density changed", u.ID)
		}
	}
	r := a.Replay(start, start.AddDate(0, 0, 90))
	if r.Count() == 0 || len(r.Users) != 20 {
		t.Errorf("replay onto 90 days: %d accesses of %d users", r.Count(), len(r.Users))
	}
}
