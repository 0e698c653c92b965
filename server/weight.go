package server

import (
	"math"
	"strconv"

	"vigil"
)

// Bounds of a subscription weight, the same for the API and the web forms.
const (
	minWeight = 0.01
	maxWeight = 1000
)

// checkWeight accepts a subscription weight: a number from minWeight to
// maxWeight.
func checkWeight(w float64) error {
	if math.IsNaN(w) || w < minWeight || w > maxWeight {
		return vigil.Errorf(vigil.EINVALID, "weight must be a number from %s to %s, not %s",
			number(minWeight), number(maxWeight), strconv.FormatFloat(w, 'g', -1, 64))
	}
	return nil
}
