package policy

import (
	"math"
	"time"
)

// accrued is the continuous-time threshold rule: fetch source i when the
// delay its readers are expected to have accrued since its last fetch L,
//
//	D_i(t) = w_i ∫_L^t λ_i(s)·(t − s) ds,
//
// reaches one threshold θ shared by all sources and calibrated to the
// budget. With a constant rate D_i(t) = w_i·λ_i·(t − L)²/2, so every source
// is fetched every sqrt(2θ/(w_i·λ_i)): its fetches per day are proportional
// to sqrt(w_i·λ_i), Sia & Cho's Theorem 1, without rounding m_i to an
// integer per day or placing the fetches within a day. Under a daily
// pattern λ_i(t) (the learned hourly rates, as combined uses) fetches come
// at a local density proportional to sqrt(w_i·λ_i(t)), the continuous form
// of Sia & Cho's Theorem 3 placement. Because the rule counts from the last
// fetch, re-planning changes a source's next fetch only through θ or its
// model, never by moving it to another planned minute.
type accrued struct {
	name string
	cfg  Config
	// rate is λ_i(t) in items per hour and roots is S_i, the day's mean of
	// Σ_h sqrt(w_i·λ_i(h)) (see Plan): the learned daily pattern, or an
	// oracle's true intensity (NewOracle).
	rate  func(s *Source) func(t time.Time) float64
	roots func(s *Source) float64
	// theta is the calibrated θ, in item-hours (weighted by w_i).
	theta float64
	// fairGap is the interval of an even split of the budget, day × n /
	// PerDay: the longest wait of a source still in discovery.
	fairGap time.Duration
	// floorScale (≤ 1) lowers every saturation floor λ_i/W_i by one factor
	// when the floors alone exceed the budget, as fitFloors does.
	floorScale float64
	// delay is the expected mean delay per new item of the last plan, in
	// days, and delayKnown whether there is one (see ExpectedDelay).
	delay      float64
	delayKnown bool
	// pageFresh plans watched pages for freshness (accruedpage.go)
	// instead of counting each change's delay as a feed item's.
	pageFresh bool
	// silentShares bounds the wait of a feed that has never shown an item
	// to that many fairGaps (Tracking.SilentShares); 0 leaves it at
	// MaxInterval.
	silentShares float64
	// level shrinks each feed's learned level toward the population's
	// (Tracking.LevelPrior); its mean is set by every plan. An oracle's
	// rates are not shrunk.
	level levelPrior
	// keepMean makes the next plan keep level.mean instead of taking the
	// mean of the sources it plans: PlanAroundPush's plan of the unfed
	// feeds shrinks toward the mean of all of them.
	keepMean bool
	// raw is S_i before the level is shrunk (rootSum) and the level it
	// is of, which accruedSums keeps.
	raw func(s *Source) (root, level float64)
}

func newAccrued(c Config) *accrued {
	tr := c.Tracking.resolved()
	p := &accrued{name: "accrued", cfg: c, theta: 1, floorScale: 1, silentShares: tr.SilentShares,
		level: levelPrior{k: tr.LevelPrior}}
	p.rate = func(s *Source) func(time.Time) float64 { return learnedHourly(tr, p.level, s) }
	p.raw = func(s *Source) (float64, float64) { return rootSum(tr, s) }
	p.roots = func(s *Source) float64 {
		raw, level := p.raw(s)
		return p.level.root(raw, level, exposureOrNone(s.Models), weightOf(s))
	}
	return p
}

// learnedHourly is the source's learned daily pattern by UTC hour, as
// tracking sees it, its level shrunk by lp.
func learnedHourly(tr Tracking, lp levelPrior, s *Source) func(t time.Time) float64 {
	var hourly [24]float64
	tr.hourlyInto(s.Models, hourly[:])
	lp.scale(hourly[:], levelOfHours(hourly[:]), exposureOrNone(s.Models))
	return func(t time.Time) float64 { return hourly[t.Unix()/3600%24] }
}

// NewOracle returns the accrued rule driven by a known intensity instead of
// the learned models: rate(id, t) is source id's items per hour at t and
// roots(id) its S_i, the mean over days of Σ_h sqrt(λ_i(h)) over the day's
// hours. It is a reference no real policy can beat by knowledge alone,
// not a policy the monitor can run. Weights multiply both.
func NewOracle(name string, c Config, rate func(id int64, t time.Time) float64, roots func(id int64) float64) (Policy, error) {
	if err := c.Validate(); err != nil {
		return nil, err
	}
	p := newAccrued(c)
	p.name = name
	p.rate = func(s *Source) func(t time.Time) float64 {
		return func(t time.Time) float64 { return rate(s.ID, t) }
	}
	p.roots = func(s *Source) float64 { return math.Sqrt(weightOf(s)) * roots(s.ID) }
	p.raw, p.level = func(s *Source) (float64, float64) { return p.roots(s), 0 }, levelPrior{}
	return p, nil
}

// Name returns the policy's name.
func (p *accrued) Name() string { return p.name }

// Plan calibrates θ so that the expected fetches per day meet the budget.
// With local rate r(t) the rule's fetch density is sqrt(r(t)/(2θ)) per hour,
// so source i makes S_i/sqrt(2θ) fetches a day, S_i = Σ_h sqrt(w_i·r_ih)
// over the 24 hourly rates; clamped to its bounds (at least one fetch per
// MaxInterval and the saturation floor λ_i/W_i, at most one per
// MinInterval), Σ_i clamp(c·S_i) = budget is solved for c = 1/sqrt(2θ).
// With watched pages among the sources θ is found by bisection over the
// spend of feeds and pages together (see calibrateMixed and the page rule
// in accruedpage.go).
func (p *accrued) Plan(srcs []*Source, _ time.Time) error {
	sums := newAccruedSums(len(srcs))
	for _, s := range srcs {
		sums.add(p, s)
	}
	return p.planSums(sums, srcs)
}

// planSums is Plan from what it reads of each source (accruedSums), in
// the sources' order; srcs, when not nil, are the sources themselves,
// which only the page rule reads (calibrateMixed). A re-plan that streams
// its feeds (replanning) collects the sums alone and passes nil.
func (p *accrued) planSums(a *accruedSums, srcs []*Source) error {
	n := len(a.sums)
	if n == 0 {
		return nil
	}
	p.fairGap = time.Duration(float64(day) * float64(n) / p.cfg.PerDay)
	if !p.keepMean {
		p.level.mean = meanLevel(a.level, a.exposure)
	}
	sums := a.shrunkSums(p.level)
	base, lo, hi := a.base, a.lo, a.hi
	sumBase, sumSat := 0.0, 0.0
	for i := range n {
		if gap, ok := p.silentGapIf(a.silent[i]); ok {
			// Next fetches a silent feed at least once per gap: the plan
			// counts those fetches, so they come out of the budget's
			// other shares instead of on top of it.
			floor := min(float64(day)/float64(gap), hi[i])
			base[i], lo[i] = max(base[i], floor), max(lo[i], floor)
		}
		sumBase += base[i]
		sumSat += lo[i] - base[i]
	}
	p.floorScale = 1
	if sumBase+sumSat > p.cfg.PerDay && sumSat > 0 {
		p.floorScale = max(0, p.cfg.PerDay-sumBase) / sumSat
	}
	fitFloors(base, lo, p.cfg.PerDay)
	if p.pageFresh && hasPage(srcs) {
		var shares []float64
		p.theta, shares = calibrateMixed(srcs, sums, lo, hi, p.cfg.PerDay)
		p.noteDelay(a.cost, shares)
		return nil
	}
	shares := sqrtShares(squares(sums), lo, hi, p.cfg.PerDay)
	p.noteDelay(a.cost, shares)
	// c = share/S for any source not clamped; take the largest such ratio,
	// which is the bisection's k (sqrtShares uses k·sqrt(S²) = k·S).
	c := 0.0
	for i := range shares {
		if sums[i] > 0 && shares[i] > lo[i] && shares[i] < hi[i] {
			c = max(c, shares[i]/sums[i])
		}
	}
	if c <= 0 {
		// Every source at a bound: the smallest c that holds each capped
		// source at its cap (the floors hold the others); none capped, the
		// floors decide alone.
		c = cappedRatio(shares, sums, hi)
	}
	if c <= 0 {
		p.theta = math.Inf(1)
		return nil
	}
	p.theta = 1 / (2 * c * c)
	return nil
}

// cappedRatio is the largest cap_i/S_i of the sources whose share is at
// their cap, 0 when none is.
func cappedRatio(shares, sums, hi []float64) float64 {
	c := 0.0
	for i := range shares {
		if sums[i] > 0 && shares[i] >= hi[i] {
			c = max(c, hi[i]/sums[i])
		}
	}
	return c
}

// squares returns x_i² for each x_i.
func squares(x []float64) []float64 {
	out := make([]float64, len(x))
	for i, v := range x {
		out[i] = v * v
	}
	return out
}

// rootSum is S_i = Σ_h sqrt(w_i·r_ih) over the source's 24 hourly rates,
// and the level (mean rate) they make.
func rootSum(tr Tracking, s *Source) (root, level float64) {
	w := weightOf(s)
	var hourly [24]float64
	tr.hourlyInto(s.Models, hourly[:])
	for _, r := range hourly {
		root += math.Sqrt(w * r)
	}
	return root, levelOfHours(hourly[:])
}

// discoveryFetches is how many successful fetches a source is in discovery
// for: until then its rate is not known (a new feed, or one whose first
// fetches failed), and it waits no longer than an even share of the budget
// would make it, rather than the week a zero rate would give.
const discoveryFetches = 4

// Next returns when D_i reaches θ after the source's last fetch, no later
// than its floor allows (one fetch per MaxInterval, the saturation floor;
// an even share of the budget in discovery, Tracking.SilentShares of them
// while the feed has never shown an item) and no sooner than
// MinInterval and its hints. Each call reads the source's current model,
// so a fetch that changes the model changes its share at once.
func (p *accrued) Next(s *Source, now time.Time) time.Time {
	// The floor the plan counted (plannedPerDay, fitFloors): the base
	// floor and floorScale of the saturation floor's part above it.
	base, _ := p.cfg.baseBounds(s)
	lo, _ := p.cfg.bounds(s)
	lo = base + (lo-base)*p.floorScale
	longest := p.cfg.MaxInterval
	if lo > 0 {
		longest = min(longest, time.Duration(float64(day)/lo))
	}
	from := s.Last
	if from.IsZero() {
		from = now
	}
	if p.fairGap > 0 && s.Models.Fetches < discoveryFetches {
		longest = min(longest, p.fairGap)
	}
	if gap, ok := p.silentGap(s); ok {
		longest = min(longest, gap)
	}
	var d time.Duration
	if p.pageFresh && isPage(s) {
		d = pageNext(s, p.theta, longest)
	} else {
		d = accrueTime(p.rate(s), weightOf(s), from, p.theta, longest)
	}
	return s.after(max(d, p.cfg.MinInterval, s.minInterval()), now)
}

// silentGap returns the longest wait of a feed that has never shown an
// item (Tracking.SilentShares even shares of the budget), and false for
// any other source or when the bound is off.
func (p *accrued) silentGap(s *Source) (time.Duration, bool) {
	return p.silentGapIf(mayBeSilent(s))
}

// mayBeSilent tells whether s is a feed that has never shown an item (no
// window known, not a page): one silentGap may bound.
func mayBeSilent(s *Source) bool { return s.Window == 0 && !isPage(s) }

// silentGapIf is silentGap of a source that may be silent or not (see
// mayBeSilent). A bound longer than a Duration holds is no bound.
func (p *accrued) silentGapIf(silent bool) (time.Duration, bool) {
	if p.fairGap <= 0 || p.silentShares <= 0 || !silent {
		return 0, false
	}
	gap := float64(p.fairGap) * p.silentShares
	if gap >= float64(math.MaxInt64) {
		return 0, false
	}
	return time.Duration(gap), true
}

// accrueTime returns how long after from the accrued delay
// w·∫_from^t r(s)(t − s) ds reaches theta, r being constant within each UTC
// hour, or limit if it does not by then. With Λ(t) = ∫_from^t r the
// accrued delay is ∫_from^t Λ(u) du; within one hour of constant rate r it
// grows by Λ·x + r·x²/2 over x hours, a quadratic solved exactly.
func accrueTime(rate func(t time.Time) float64, w float64, from time.Time, theta float64, limit time.Duration) time.Duration {
	if !(theta > 0) || math.IsInf(theta, 1) {
		return limit
	}
	start := from.Unix()
	t, end := start, start+int64(limit/time.Second)
	lambda, acc := 0.0, 0.0 // Λ and the accrued delay so far, in items and item-hours
	for t < end {
		next := (t/3600 + 1) * 3600
		span := float64(next-t) / 3600
		r := w * rate(time.Unix(t, 0))
		need := theta - acc
		if grown := lambda*span + r*span*span/2; grown < need {
			acc += grown
			lambda += r * span
			t = next
			continue
		}
		d := time.Duration(t-start)*time.Second + hoursToDuration(solveAccrual(lambda, r, need))
		return min(d, limit)
	}
	return limit
}

// solveAccrual returns x ≥ 0 with Λ·x + r·x²/2 = need.
func solveAccrual(lambda, r, need float64) float64 {
	if r <= 0 {
		return need / lambda
	}
	return (math.Sqrt(lambda*lambda+2*r*need) - lambda) / r
}

// hoursToDuration converts hours to a Duration.
func hoursToDuration(h float64) time.Duration { return time.Duration(h * float64(time.Hour)) }
