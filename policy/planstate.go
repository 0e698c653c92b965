package policy

import (
	"encoding/json"
	"fmt"
	"math"
	"time"
)

// keeper is a policy whose whole plan is a few calibrated numbers, so that
// it can be stored and taken back instead of planned again.
type keeper interface {
	planState() ([]byte, error)
	restorePlan(state []byte) error
}

// accruedState is what accrued's Plan calibrates: θ (absent when every
// source sits at a bound, θ = +Inf, which JSON cannot write), the even
// share's interval and the floors' scale.
type accruedState struct {
	Theta      *float64      `json:"theta,omitempty"`
	FairGap    time.Duration `json:"fair_gap"`
	FloorScale float64       `json:"floor_scale"`
	// MeanLevel is the feeds' mean level the level prior shrinks toward
	// (levelPrior.mean), items per hour; absent in plans stored before it.
	MeanLevel float64 `json:"mean_level,omitempty"`
}

func (p *accrued) planState() ([]byte, error) {
	s := accruedState{FairGap: p.fairGap, FloorScale: p.floorScale, MeanLevel: p.level.mean}
	if !math.IsInf(p.theta, 1) {
		s.Theta = &p.theta
	}
	return json.Marshal(s)
}

func (p *accrued) restorePlan(b []byte) error {
	var s accruedState
	if err := json.Unmarshal(b, &s); err != nil {
		return fmt.Errorf("policy: unable to read a stored accrued plan: %w", err)
	}
	if s.Theta != nil && !(*s.Theta > 0) || s.FairGap < 0 || !(s.FloorScale >= 0 && s.FloorScale <= 1) ||
		!(s.MeanLevel >= 0) || math.IsInf(s.MeanLevel, 0) {
		return fmt.Errorf("policy: a stored accrued plan is out of range (theta %v, gap %v, floor scale %v, mean level %v)", s.Theta, s.FairGap, s.FloorScale, s.MeanLevel)
	}
	p.theta, p.fairGap, p.floorScale, p.level.mean = math.Inf(1), s.FairGap, s.FloorScale, s.MeanLevel
	if s.Theta != nil {
		p.theta = *s.Theta
	}
	return nil
}

// liveState is a Live policy's stored plan: the budget and the tracking
// settings it was planned with, and the policy's own state. θ is
// calibrated under the tracking in force (its rates and the silent-feed
// bound), so a process with other settings plans again.
type liveState struct {
	PerDay   float64         `json:"per_day"`
	Tracking *Tracking       `json:"tracking,omitempty"`
	Plan     json.RawMessage `json:"plan"`
}

// PlanState returns the state of the last whole plan (Replan), to be
// stored and given to RestorePlan by a later process. ok is false when
// the policy's plan cannot be kept so: only accrued's can, whose plan is
// its calibrated threshold; the others place fetches source by source.
func (l *Live) PlanState() (state []byte, ok bool, err error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	k, ok := l.policy.(keeper)
	if !ok {
		return nil, false, nil
	}
	b, err := k.planState()
	if err != nil {
		return nil, false, err
	}
	tr := l.cfg.Tracking.resolved()
	state, err = json.Marshal(liveState{PerDay: l.cfg.PerDay, Tracking: &tr, Plan: b})
	return state, err == nil, err
}

// RestorePlan takes back a state PlanState returned, as if Replan had
// planned the same feeds again. It fails, changing nothing, when the
// state is unreadable, belongs to a policy that cannot keep its plan, or
// was planned for another absolute budget or other tracking settings than
// this one's (or does not say which).
func (l *Live) RestorePlan(state []byte) error {
	var s liveState
	if err := json.Unmarshal(state, &s); err != nil {
		return fmt.Errorf("policy: unable to read a stored plan: %w", err)
	}
	l.mu.Lock()
	defer l.mu.Unlock()
	cfg := l.cfg
	if tr := cfg.Tracking.resolved(); s.Tracking == nil || *s.Tracking != tr {
		return fmt.Errorf("policy: the stored plan was made with other tracking settings (%+v) than these (%+v)", s.Tracking, tr)
	}
	if l.perFeed > 0 {
		cfg.PerDay = s.PerDay
	} else if s.PerDay != cfg.PerDay {
		return fmt.Errorf("policy: the stored plan is for %v fetches a day, the budget is now %v", s.PerDay, cfg.PerDay)
	}
	p, err := New(l.name, cfg)
	if err != nil {
		return err
	}
	k, ok := p.(keeper)
	if !ok {
		return fmt.Errorf("policy: %s does not keep its plan", l.name)
	}
	if err := k.restorePlan(s.Plan); err != nil {
		return err
	}
	l.cfg, l.policy = cfg, p
	return nil
}
