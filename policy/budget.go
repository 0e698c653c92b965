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
// even split would give it, not by how much of the budget push freed.
func PlanAroundPush(p Policy, srcs []*Source, fed func(*Source) bool, perDay float64, v plan.Verification, now time.Time) (plan.Split, error) {
	var even time.Duration
	return plan.SplitPlan(srcs, fed, perDay, v, now, plan.Planning[*Source]{
		Plan: func(part []*Source, budget float64) error {
			if err := Rebudget(p, budget); err != nil {
				return err
			}
			if err := p.Plan(part, now); err != nil {
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
	})
}
