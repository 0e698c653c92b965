package sim

import (
	"fmt"
	"math"
	"time"

	"vigil/policy"
	"vigil/profile"
)

// Config describes one simulated run.
type Config struct {
	// Policy names the policy (policy.Names(), or "clairvoyant").
	Policy string
	// PerDay is the budget: fetches per day over all sources. PerSource,
	// when positive, sets it instead to PerSource × the number of sources
	// (the mean fetches per source per day, B in Sia & Cho's Table 1).
	PerDay    float64
	PerSource float64
	// Train is the first part of the run whose fetches teach the models but
	// are not measured; 0 means DefaultTrain. Ignored when Online is set.
	Train time.Duration
	// Online measures from the start, models starting empty (Horincar et
	// al. §6), instead of training first (Sia & Cho, Sia et al.).
	Online bool
	// PlanEvery is how often every source is re-planned; 0 means a day, as
	// the live monitor does (Sia & Cho plan daily schedules; re-planning
	// combined hourly measured worse, see DefaultPlanEvery).
	PlanEvery time.Duration
	// Burst is how much unspent budget may be saved up and spent at once,
	// as a duration of budget; 0 means a day (DefaultBurst). The budget is
	// a token bucket, full at the start (see budget): a policy may fetch
	// at any hour it likes and plan days of uneven counts, so long as it
	// keeps to perDay on average. The measured period has a quota of its
	// own budget, perDay × its days, so no policy's fetches there exceed it
	// whatever the bucket held (the free first fetches of an online run
	// aside).
	Burst time.Duration
	// LostPenalty is what each lost posting is charged in
	// Metrics.PenalisedDelayMin; 0 charges it the delay until the fetch
	// that found it gone (the end of the run if no fetch did): the least a
	// reader waited before the posting could no longer reach them. A
	// positive value charges every lost posting that fixed delay instead.
	LostPenalty time.Duration
	// DefaultWindow is W for sources that give none; 0 means 15.
	DefaultWindow int
	// Start and End bound the simulated period; zero values take the
	// midnight (UTC) at or before the first posting and the midnight after
	// the last one.
	Start, End time.Time
	// Alpha is the smoothing constant of the EWMA and periodic models; 0
	// means 0.1.
	Alpha float64
	// NoDates hides postings' dates from the models: Observe then gets the
	// count of new postings only (dates are unreliable in real feeds,
	// Horincar et al. §4). By default the models get the captured postings'
	// times.
	NoDates bool
	// DatelessShare, in [0, 1], hides the dates of that share of the
	// sources only (rounded to whole sources), chosen by a hash of their
	// IDs under DatelessSeed (0 means DefaultDatelessSeed): about a fifth
	// of real feeds give no usable dates (Horincar et al. §4).
	DatelessShare float64
	DatelessSeed  uint64
	// PushShare, in [0, 1], is the share of the sources (rounded to whole
	// sources, chosen by a hash of their IDs under PushSeed, 0 meaning
	// DefaultPushSeed) that advertise a WebSub hub pushing each posting
	// HubDelay after it is published. They are polled only to verify the
	// hub, every max(PushVerify, PushVerifyMultiple × the interval the
	// policy would give them unfed) (0 means plan.DefaultPushVerify and
	// plan.DefaultVerifyMultiple, the live defaults); those polls come out
	// of the budget first and the policy plans what is left over the
	// others, by the live monitor's rule (plan.SplitPlan).
	PushShare          float64
	PushSeed           uint64
	HubDelay           time.Duration
	PushVerify         time.Duration
	PushVerifyMultiple float64
	// PushOff chooses the PushShare sources as above but gives them no
	// hub: they are polled as any other, and only kept out of the pulled
	// sources' quantiles, which are then those of the same sources with
	// nothing pushed, to compare a run with push to.
	PushOff bool
	// NoDivergence skips the hourly divergence samples (Metrics'
	// Divergence fields stay 0): they cost about a sixth of a run of 10,000
	// sources, and a report charts them from its own per-shape runs.
	NoDivergence bool
	// ReadersAlike gives the user policy each source's access pattern with
	// every reader counting alike rather than every access
	// (policy.FeedAccessPerReader): Sia et al. judge a schedule per user.
	ReadersAlike bool
	// AccessOracle is a bound, not a policy: the user policy is given
	// each source's access pattern learned from the accesses of the
	// coming access window (policy.AccessModel.Window) instead of the
	// last, the accesses its plan will meet. It measures how far placing
	// one schedule per source by a daily pattern could cut misses at best
	// on a trace, as the clairvoyant policy bounds the postings' delay.
	AccessOracle bool
	// RateOracle is a bound, not a policy: a scheduled policy
	// (policy.Scheduled) plans by each source's true mean rate and daily
	// shape over the evaluated period, its postings counted per UTC hour
	// of the day, instead of the learned ones; tracking is off, as it
	// would replace them. With AccessOracle it measures how far one daily
	// schedule per source could go knowing both sides of Sia et al.'s
	// miss cost (accrued's reference of the kind is OracleShape).
	RateOracle bool
	// Beta is the novelty threshold β of Roitman et al. Eq. 7 for the
	// content-based policies (the command line's default is 0.1, their
	// §5.4 choice; their §6.3 runs use 0, so the zero value is kept as 0).
	Beta float64
	// ProfileWindow is k, the postings a channel profile holds; 0 means 20
	// (Roitman et al. §6.3).
	ProfileWindow int
	// ProfileTerms caps each channel profile the novelty filter judges
	// by: its heaviest stems and, apart, as many affinities, as the live
	// profiler keeps them (profile.Config.MaxTerms: 0 means the live
	// default, -1 every term, as Roitman et al. define the profile).
	ProfileTerms int
	// ProfileDFTerms bounds those profiles' document-frequency table to
	// the terms they hold and this many others (profile.Corpus.
	// SetTermLimit: 0 means the live default, -1 every term). Profile
	// quality (Eq. 4) is always measured with exact, unbounded profiles.
	ProfileDFTerms int
	// Refine refines the selecting policies' rates by the similarity of
	// channel profiles (Roitman et al. Eq. 9-10), sampled at every re-plan
	// (daily by default); other policies refuse it.
	Refine bool
	// NoQuality skips measuring profile quality when the sources have
	// terms; QualityEvery is how often Eq. 4's integral is sampled for
	// each channel, 0 meaning daily (the channels take turns through the
	// day).
	NoQuality    bool
	QualityEvery time.Duration
	// PolicyConfig holds the policy's bounds and seed; its PerDay is
	// overwritten by the budget. Zero bounds take policy.DefaultConfig's.
	PolicyConfig policy.Config
	// Seed is passed to the policy when PolicyConfig.Seed is zero.
	Seed uint64
	// Pages replays the sources as web pages (see RunPages): a fetch only
	// tells whether the page changed, and after each fetch the models'
	// rate is the change rate Cho & Garcia-Molina's estimator finds in the
	// source's change checks, as the live monitor sets it.
	Pages bool
	// Progress, when set, is told at every re-planning how much of the
	// simulated period (End - Start) is done; it does not change the run.
	// The clairvoyant bound, which plans all at once, does not call it.
	Progress func(done, total time.Duration)
}

// Defaults of Config's zero fields.
const (
	DefaultTrain = 14 * 24 * time.Hour
	// DefaultPlanEvery is a day, a measured choice: accrued counts from
	// each source's last fetch, so re-planning it hourly gains nothing and
	// costs 24 times as much, and combined re-planned hourly does worse
	// than daily, its integer counts changing from hour to hour. The
	// figures, and the commands that remake them, are in
	// docs/policy-notes.md (*Re-plans held to the last fetch*).
	DefaultPlanEvery = 24 * time.Hour
	DefaultWindow    = 15
	DefaultAlpha     = 0.1
	DefaultBurst     = 24 * time.Hour
	// DefaultQualityEvery samples each channel's profile quality daily.
	DefaultQualityEvery = 24 * time.Hour
)

// Clairvoyant is the name of the clairvoyant bound.
const Clairvoyant = "clairvoyant"

// resolved is a Config with its defaults applied and the budget known.
type resolved struct {
	Config
	evalStart time.Time
	perDay    float64
}

// resolve applies the defaults and checks the configuration.
func (c Config) resolve(srcs []Source) (resolved, error) {
	r := resolved{Config: c}
	if err := r.fill(srcs); err != nil {
		return r, err
	}
	if err := r.check(); err != nil {
		return r, err
	}
	return r, nil
}

func (r *resolved) fill(srcs []Source) error {
	if r.Train == 0 {
		r.Train = DefaultTrain
	}
	if r.PlanEvery == 0 {
		r.PlanEvery = DefaultPlanEvery
	}
	if r.ProfileWindow == 0 {
		r.ProfileWindow = profile.DefaultK
	}
	if r.QualityEvery == 0 {
		r.QualityEvery = DefaultQualityEvery
	}
	if r.Burst == 0 {
		r.Burst = DefaultBurst
	}
	if r.DefaultWindow == 0 {
		r.DefaultWindow = DefaultWindow
	}
	if r.Alpha == 0 {
		r.Alpha = DefaultAlpha
	}
	if r.DatelessSeed == 0 {
		r.DatelessSeed = DefaultDatelessSeed
	}
	if r.Start.IsZero() || r.End.IsZero() {
		first, last, ok := span(srcs)
		if !ok {
			return fmt.Errorf("sim: no postings to take the period from; set Start and End")
		}
		if r.Start.IsZero() {
			r.Start = first.UTC().Truncate(24 * time.Hour)
		}
		if r.End.IsZero() {
			r.End = last.UTC().Truncate(24 * time.Hour).Add(24 * time.Hour)
		}
	}
	r.fillPush()
	r.perDay = r.PerDay
	if r.PerSource > 0 {
		r.perDay = r.PerSource * float64(len(srcs))
	}
	r.evalStart = r.Start
	if !r.Online {
		r.evalStart = r.Start.Add(r.Train)
	}
	pc := &r.PolicyConfig
	if pc.MinInterval == 0 && pc.MaxInterval == 0 {
		pc.MinInterval, pc.MaxInterval = policy.DefaultConfig.MinInterval, policy.DefaultConfig.MaxInterval
	}
	if pc.Seed == 0 {
		pc.Seed = r.Seed
	}
	pc.PerDay = r.perDay
	if r.RateOracle {
		pc.Tracking = policy.Tracking{Off: true}
	}
	return nil
}

func (r *resolved) check() error {
	switch {
	case r.Policy == "":
		return fmt.Errorf("sim: no policy named")
	case !(r.perDay > 0) || math.IsInf(r.perDay, 0):
		return fmt.Errorf("sim: the budget must be a positive number of fetches per day, got %v", r.perDay)
	case !r.End.After(r.Start):
		return fmt.Errorf("sim: the period must end (%v) after it starts (%v)", r.End, r.Start)
	case !r.End.After(r.evalStart):
		return fmt.Errorf("sim: training (%v) leaves nothing of the period to evaluate", r.Train)
	case math.IsNaN(r.Beta) || math.IsInf(r.Beta, 0):
		return fmt.Errorf("sim: beta must be a finite number, got %v", r.Beta)
	case r.ProfileWindow < 0 || r.QualityEvery < 0:
		return fmt.Errorf("sim: the profile window and quality interval must not be negative")
	case r.ProfileTerms < -1 || r.ProfileDFTerms < -1:
		return fmt.Errorf("sim: the profile's term caps must be positive, 0 (the default) or -1 (none), got %d and %d",
			r.ProfileTerms, r.ProfileDFTerms)
	case r.Train < 0 || r.PlanEvery < 0 || r.DefaultWindow < 0 || r.Burst < 0:
		return fmt.Errorf("sim: training, planning interval, window and burst must not be negative")
	case r.LostPenalty < 0:
		return fmt.Errorf("sim: the lost-posting penalty must not be negative, got %v", r.LostPenalty)
	case !(r.DatelessShare >= 0 && r.DatelessShare <= 1):
		return fmt.Errorf("sim: the share of sources without dates must be in [0, 1], got %v", r.DatelessShare)
	case !(r.Alpha > 0 && r.Alpha <= 1):
		return fmt.Errorf("sim: alpha must be in (0, 1], got %v", r.Alpha)
	case r.RateOracle && !policy.Scheduled(r.Policy):
		return fmt.Errorf("sim: the rate oracle informs the scheduled policies (uniform, alloc, place, combined, user), not %s; accrued's is %s", r.Policy, OracleShape)
	}
	return r.checkPush()
}

// span returns the first and last posting over all sources.
func span(srcs []Source) (first, last time.Time, ok bool) {
	for _, s := range srcs {
		if len(s.Postings) == 0 {
			continue
		}
		a, b := s.Postings[0], s.Postings[len(s.Postings)-1]
		if !ok || a.Before(first) {
			first = a
		}
		if !ok || b.After(last) {
			last = b
		}
		ok = true
	}
	return first, last, ok
}
