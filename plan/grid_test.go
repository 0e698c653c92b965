package plan

import "testing"

func TestGrid(t *testing.T) {
	day := DayGrid()
	half := Grid{Minutes: 1440, Slots: 48}
	if err := day.Validate(); err != nil {
		t.Fatal(err)
	}
	cases := []struct {
		name string
		got  float64
		want float64
	}{
		{"day slot length", day.SlotMinutes(), 1},
		{"half-hour slot length", half.SlotMinutes(), 30},
		{"minutes to slots", half.ToSlots(75), 2.5},
		{"slots to minutes", half.ToMinutes(2.5), 75},
		{"per-minute rate to per-slot", half.PerSlot(0.1), 3},
		{"slot of a minute", float64(half.SlotAt(75)), 2},
		{"slot of the next day", float64(half.SlotAt(1440 + 31)), 1},
		{"slot of the day before", float64(half.SlotAt(-1)), 47},
		{"slot of the period end", float64(day.SlotAt(1440)), 0},
	}
	for _, c := range cases {
		if c.got != c.want {
			t.Errorf("%s: %v, want %v", c.name, c.got, c.want)
		}
	}
	for _, g := range []Grid{{}, {Minutes: 1440}, {Minutes: -1, Slots: 4}, {Minutes: 0, Slots: 4}} {
		if g.Validate() == nil {
			t.Errorf("Validate(%+v): no error", g)
		}
	}
}
