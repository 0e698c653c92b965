package store

import (
	"slices"
	"testing"

	"vigil"
)

func TestInIDOrder(t *testing.T) {
	found := []vigil.Item{{ID: 1}, {ID: 2}, {ID: 3}}
	tests := []struct {
		ids, want []int64
	}{
		{[]int64{3, 1, 2}, []int64{3, 1, 2}},
		{[]int64{2, 2, 9, 1}, []int64{2, 1}},
		{nil, nil},
	}
	for _, tt := range tests {
		var got []int64
		for _, it := range InIDOrder(tt.ids, found) {
			got = append(got, it.ID)
		}
		if !slices.Equal(got, tt.want) {
			t.Errorf("InIDOrder(%v) = %v, want %v", tt.ids, got, tt.want)
		}
	}
}
