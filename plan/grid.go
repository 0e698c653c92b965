package plan

import (
	"fmt"
	"math"
)

// Grid is the discretisation of a period into equal slots used by Pattern:
// slot s covers minutes [s·L, (s+1)·L) of the period, L = Minutes/Slots,
// and fetch position b is minute b·L (see Pattern). Sia, Cho et al. §4.3
// use a day in 1440 one-minute slots (DayGrid); Sia & Cho report 30-minute
// slots (48 per day) to be enough.
type Grid struct {
	Minutes float64 // period length in minutes
	Slots   int     // number of slots in the period
}

// DayGrid returns one day in one-minute slots.
func DayGrid() Grid { return Grid{Minutes: 1440, Slots: 1440} }

// Validate reports a grid without slots or with a period that is not a
// positive finite number of minutes.
func (g Grid) Validate() error {
	if g.Slots < 1 || !(g.Minutes > 0) || math.IsInf(g.Minutes, 0) {
		return fmt.Errorf("plan: grid of %d slots over %v minutes, want ≥ 1 slot over a positive period", g.Slots, g.Minutes)
	}
	return nil
}

// SlotMinutes returns the length of one slot in minutes.
func (g Grid) SlotMinutes() float64 { return g.Minutes / float64(g.Slots) }

// ToSlots converts minutes from the start of a period into slot units
// (fractional, not wrapped).
func (g Grid) ToSlots(minutes float64) float64 { return minutes / g.SlotMinutes() }

// ToMinutes converts a position in slot units into minutes from the start
// of the period (not wrapped).
func (g Grid) ToMinutes(slots float64) float64 { return slots * g.SlotMinutes() }

// SlotAt returns the slot in [0, Slots) containing the given minute, the
// period wrapping in both directions.
func (g Grid) SlotAt(minutes float64) int {
	r := math.Mod(g.ToSlots(minutes), float64(g.Slots))
	if r < 0 {
		r += float64(g.Slots)
	}
	return min(int(r), g.Slots-1)
}

// PerSlot converts a rate in postings (or accesses) per minute into the
// expected count per slot that Pattern takes.
func (g Grid) PerSlot(perMinute float64) float64 { return perMinute * g.SlotMinutes() }
