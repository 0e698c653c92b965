package server

import (
	"math"

	"vigil"
)

// checkWeight accepts a subscription weight: a finite number above zero.
func checkWeight(w float64) error {
	if math.IsNaN(w) || math.IsInf(w, 0) || w <= 0 {
		return vigil.Errorf(vigil.EINVALID, "weight must be a number greater than 0")
	}
	return nil
}
