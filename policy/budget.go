package policy

import (
	"fmt"
	"math"
	"time"

	"vigil/plan"
)

// budgeted is a policy whose budget can be changed between plans.
type budgeted interface {
	setPerDay(perDay float64)
}

// Rebudget makes p plan with perDay fetches a day from its next Plan on:
// what the budget-splitting planners split once the verification polls of
// the feeds WebSub hubs feed are taken out (plan.SplitPlan).
func Rebudget(p Policy, perDay float64) error {
	if !(perDay > 0) || math.IsInf(perDay, 0) {
		return fmt.Errorf("policy: the budget must be a positive number of fetches per day, got %v", perDay)
	}
	b, ok := p.(budgeted)
	if !ok {
		return fmt.Errorf("policy: %s cannot change its budget", p.Name())
	}
	b.setPerDay(perDay)
	return nil
}

func (p *accrued) setPerDay(perDay float64)   { p.cfg.PerDay = perDay }
func (p *threshold) setPerDay(perDay float64) { p.cfg.PerDay = perDay }
func (p *selector) setPerDay(perDay float64)  { p.cfg.PerDay = perDay }
func (p *scheduled) setPerDay(perDay float64) { p.cfg.PerDay = perDay }
func (p *perSource) setPerDay(perDay float64) { p.cfg.PerDay = perDay }
func (p *cgm) setPerDay(perDay float64)       { p.cfg.PerDay = perDay }

// PlanAroundPush plans srcs at now with perDay fetches a day around those
// fed reports as fed by a WebSub hub, by plan.SplitPlan's rule: it returns
// each fed source's verification interval, by index into srcs, and the
// budget the others were planned with. The live monitor (Live.ReplanFed)
// and the simulator both plan through it.
//
// accrued's even share of the budget (the longest wait of a feed in
// discovery, and in units of which a silent feed's) stays the whole
// budget's over all the feeds: a bound on a feed's wait set by what an
// even split would give it, not by how much of the budget push freed. So
// does the mean level its level prior shrinks toward (Tracking.LevelPrior):
// a feed being pushed is still one of the population, and the others'
// levels should not move because it is.
func PlanAroundPush(p Policy, srcs []*Source, fed func(*Source) bool, perDay float64, v plan.Verification, now time.Time) (plan.Split, error) {
	var even time.Duration
	return plan.SplitPlan(srcs, fed, perDay, v, now, plan.Planning[*Source]{
		Plan: func(part []*Source, budget float64) error {
			if err := Rebudget(p, budget); err != nil {
				return err
			}
			a, isAccrued := p.(*accrued)
			if isAccrued {
				a.keepMean = len(part) != len(srcs)
			}
			err := p.Plan(part, now)
			if isAccrued {
				a.keepMean = false
			}
			if err != nil {
				return err
			}
			if a, ok := p.(*accrued); ok && len(part) == len(srcs) {
				even = a.fairGap
			} else if ok {
				a.fairGap = even
			}
			return nil
		},
		Next: func(s *Source, last time.Time) time.Time {
			c := *s
			c.Last = last
			return p.Next(&c, last)
		},
		Share: shareFunc(p),
	})
}

// shareFunc returns the fetches a day p's last plan counted for a source,
// or nil when p cannot tell.
func shareFunc(p Policy) func(*Source) float64 {
	if a, ok := p.(*accrued); ok {
		return a.plannedPerDay
	}
	return nil
}

// plannedPerDay is the share of s accrued's last Plan counted: c·S_i
// within the source's bounds, c = 1/sqrt(2θ), the floors lowered by
// floorScale as Plan's fitFloors lowers them. Under the page rule with
// pages among the sources (calibrateMixed) it is -1: not rebuilt here.
func (p *accrued) plannedPerDay(s *Source) float64 {
	if p.pageFresh && isPage(s) {
		return -1
	}
	base, hi := p.cfg.baseBounds(s)
	lo, _ := p.cfg.bounds(s)
	if gap, ok := p.silentGap(s); ok {
		floor := min(float64(day)/float64(gap), hi)
		base, lo = max(base, floor), max(lo, floor)
	}
	lo = base + (lo-base)*p.floorScale
	c := 0.0
	if p.theta > 0 && !math.IsInf(p.theta, 1) {
		c = 1 / math.Sqrt(2*p.theta)
	}
	return min(max(c*p.roots(s), lo), hi)
}
