package store

import (
	"slices"
	"testing"

	"vigil"
)

func TestAttachEvaluations(t *testing.T) {
	changes := []vigil.PageChange{{ID: 4}, {ID: 7}}
	if got := ChangeIDs(changes); !slices.Equal(got, []int64{4, 7}) {
		t.Errorf("ChangeIDs = %v, want [4 7]", got)
	}
	AttachEvaluations(changes, []vigil.Evaluation{{ChangeID: 7, UserID: 1}, {ChangeID: 4, UserID: 2}, {ChangeID: 7, UserID: 3}})
	var got [][]int64
	for _, c := range changes {
		var users []int64
		for _, e := range c.Evaluations {
			users = append(users, e.UserID)
		}
		got = append(got, users)
	}
	if !slices.Equal(got[0], []int64{2}) || !slices.Equal(got[1], []int64{1, 3}) {
		t.Errorf("evaluating users per change = %v, want [[2] [1 3]]", got)
	}
}
