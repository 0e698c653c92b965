package plan

import (
	"slices"
	"testing"
)

func TestUniformSlots(t *testing.T) {
	cases := []struct {
		n, m, offset int
		want         []int
	}{
		{10, 3, 0, []int{0, 3, 7}},
		{10, 3, 5, []int{2, 5, 8}},
		{10, 3, -1, []int{2, 6, 9}},
		{4, 4, 0, []int{0, 1, 2, 3}},
		{1440, 1, 600, []int{600}},
	}
	for _, c := range cases {
		got, err := UniformSlots(c.n, c.m, c.offset)
		if err != nil || !slices.Equal(got, c.want) {
			t.Errorf("UniformSlots(%d, %d, %d) = %v, %v; want %v", c.n, c.m, c.offset, got, err, c.want)
		}
	}
	day, _ := UniformSlots(1440, 24, 0)
	for j, s := range day {
		if s != 60*j {
			t.Fatalf("hourly fetches: %v", day)
		}
	}
	for _, bad := range [][2]int{{0, 1}, {5, 0}, {5, 6}} {
		if _, err := UniformSlots(bad[0], bad[1], 0); err == nil {
			t.Errorf("UniformSlots(%d, %d): no error", bad[0], bad[1])
		}
	}
}

func TestUniformCounts(t *testing.T) {
	got, err := UniformCounts(3, 10)
	if err != nil || !slices.Equal(got, []int{4, 3, 3}) {
		t.Fatalf("UniformCounts(3, 10) = %v, %v", got, err)
	}
	for _, bad := range [][2]int{{0, 5}, {3, -1}} {
		if _, err := UniformCounts(bad[0], bad[1]); err == nil {
			t.Errorf("UniformCounts(%d, %d): no error", bad[0], bad[1])
		}
	}
}
