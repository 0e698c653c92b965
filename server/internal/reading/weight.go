package reading

import (
	"strconv"

	"vigil/store"
)

// Bounds of a subscription weight, the store's (store.CheckWeight), which
// the web forms show.
const (
	MinWeight = store.MinWeight
	MaxWeight = store.MaxWeight
)

// CheckWeight accepts a subscription weight: a number from MinWeight to
// MaxWeight, before anything is stored.
func CheckWeight(w float64) error { return store.CheckWeight(w) }

// Number writes a weight or a similar value with at most four significant
// digits and never in exponent notation: 1000, not 1e+03.
func Number(f float64) string {
	rounded, err := strconv.ParseFloat(strconv.FormatFloat(f, 'g', 4, 64), 64)
	if err != nil {
		return strconv.FormatFloat(f, 'g', 4, 64)
	}
	return strconv.FormatFloat(rounded, 'f', -1, 64)
}
