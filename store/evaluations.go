package store

import "vigil"

// ChangeIDs returns the IDs of changes, in their order: the changes whose
// evaluations a store reads for AttachEvaluations.
func ChangeIDs(changes []vigil.PageChange) []int64 {
	ids := make([]int64, len(changes))
	for i, c := range changes {
		ids[i] = c.ID
	}
	return ids
}

// AttachEvaluations appends each of evals, in its order, to the change of
// changes it evaluates.
func AttachEvaluations(changes []vigil.PageChange, evals []vigil.Evaluation) {
	index := make(map[int64]int, len(changes))
	for i, c := range changes {
		index[c.ID] = i
	}
	for _, e := range evals {
		c := &changes[index[e.ChangeID]]
		c.Evaluations = append(c.Evaluations, e)
	}
}
