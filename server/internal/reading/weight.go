package reading

import (
	"math"
	"strconv"

	"vigil"
)

// Bounds of a subscription weight, the same for the API and the web forms.
const (
	MinWeight = 0.01
	MaxWeight = 1000
)

// CheckWeight accepts a subscription weight: a number from minWeight to
// maxWeight.
func CheckWeight(w float64) error {
	if math.IsNaN(w) || w < MinWeight || w > MaxWeight {
		return vigil.Errorf(vigil.EINVALID, "weight must be a number from %s to %s, not %s",
			Number(MinWeight), Number(MaxWeight), strconv.FormatFloat(w, 'g', -1, 64))
	}
	return nil
}

// Number writes a weight or a similar value with at most four significant
// digits and never in exponent notation: 1000, not 1e+03.
func Number(f float64) string {
	rounded, err := strconv.ParseFloat(strconv.FormatFloat(f, 'g', 4, 64), 64)
	if err != nil {
		return strconv.FormatFloat(f, 'g', 4, 64)
	}
	return strconv.FormatFloat(rounded, 'f', -1, 64)
}
