package main

import (
	"context"
	"encoding/json"
	"fmt"
	"math"
	"slices"
	"strings"
	"time"

	"vigil/plan"
	"vigil/policy"
	"vigil/profile"
	"vigil/sim"
	"vigil/text"
	"vigil/trace"
)

// simCommands are the subcommands of vigil sim, which also runs alone.
var simCommands = []command{
	{"report", "run every policy over a range of budgets and write a report", runSimReport},
}

func runSim(ctx context.Context, e *env, args []string) error {
	if e.onGroup != nil {
		e.onGroup(simCommands)
	}
	if globals, rest := splitGlobals(args); len(rest) > 0 && rest[0] == "report" {
		return runSimReport(ctx, e, append(globals, rest[1:]...))
	}
	f := newFlags(e, "sim", "", "Replay a posting trace through one refresh policy on virtual time and print its metrics.")
	tracePath := f.String("trace", "", "posting trace `file` (TSV, plain or gzip; see ../shared/traces/FORMAT.md)")
	name := f.String("policy", "accrued", "policy: "+strings.Join(policy.Names(), ", ")+", or clairvoyant")
	perSource := f.Float64("budget", 1, "mean fetches per source per day (B; 1 is Sia & Cho's Table 1 setting)")
	total := f.Float64("budget-total", 0, "fetches per day for all sources, instead of --budget")
	usersPath := f.String("users", "", "reader access `file` (a row naming a source is a look at that source alone), mapped onto the trace's period as --users-replay says")
	train := f.Duration("train", sim.DefaultTrain, "first part used only to learn")
	online := f.Bool("online", false, "measure from the start with empty models (no training part)")
	planEvery := f.Duration("plan-every", sim.DefaultPlanEvery, "how often every source is re-planned")
	feedWindow := f.Int("feed-window", 15, "postings a feed shows when the trace gives no window (W)")
	alpha := f.Float64("alpha", sim.DefaultAlpha, "smoothing constant of the learned rate and daily and weekly patterns (Horincar et al. §4.1-4.2), in (0, 1], as the monitor's --alpha")
	beta := f.Float64("beta", profile.DefaultBeta, "novelty threshold β of the content policies (Roitman et al. Eq. 7)")
	window := f.Int("window", profile.DefaultK, "postings a channel profile holds (k, Roitman et al. §4.2)")
	profileTerms := f.Int("profile-terms", profile.DefaultMaxTerms, "heaviest stems, and as many affinities, a channel profile keeps, as live; -1: every term (the paper's profile)")
	dfTerms := f.Int("profile-df-terms", profile.DefaultTermLimit, "terms no profile holds that the document-frequency table keeps, as live; -1: every term")
	refine := f.Bool("refine", false, "refine the selecting policies' rates by profile similarity (Roitman et al. Eq. 9-10)")
	ownRule := f.Bool("own-rule", false, "ewma, periodic, learned, content: fetch when one item is expected instead of spending the budget")
	noQuality := f.Bool("no-quality", false, "do not measure profile quality (skips analysing the titles)")
	asJSON := f.Bool("json", false, "print the metrics as JSON")
	from := f.String("from", "", "evaluate from this `date` (YYYY-MM-DD, UTC), training on the --train before it")
	to := f.String("to", "", "evaluate up to this `date` (YYYY-MM-DD, UTC, exclusive)")
	dt := policy.DefaultTracking
	recentHalf := f.Duration("recent-half-life", dt.RecentHalfLife, "accrued: level from the last week's postings weighted by this half-life (0: the EWMA level)")
	recentPrior := f.Duration("recent-prior", dt.RecentPrior, "accrued: strength of the EWMA level as the recent level's prior, in hours of exposure")
	shapePrior := f.Float64("shape-prior", dt.ShapePrior, "accrued: daily shape from the items' dates, with the periodic shape as a prior worth this many items (0: the periodic model's shape)")
	silentShares := f.Float64("silent-shares", dt.SilentShares, "accrued: a feed that has never shown an item waits at most this many even shares of the budget (0: a week)")
	seenShape := f.Bool("seen-shape", dt.SeenShape, "accrued: take the dated daily shape from the items per hour of the stretches the fetches saw whole (false: the histogram of the items' dates)")
	levelPrior := f.Float64("level-prior", dt.LevelPrior, "accrued: shrink each feed's level toward the mean of all feeds' by this many pseudo-items (0: each feed's own)")
	shapePool := f.Bool("shape-pool", dt.ShapePool, "user: pull each feed's daily shape toward the mean of all feeds' as far as the spread of their dated shapes says their differences are chance")
	noTracking := f.Bool("no-tracking", false, "accrued and user: plan by the learned models alone, without the recent level, the dated shape (and accrued's silent-feed bound)")
	placedAlloc := f.Bool("placed-allocation", true, "user: split the budget by what each source's fetches cost where they are placed before its readers' hours (false: by sqrt(u·λ), as for evenly spaced fetches, Sia & Cho's Theorem 1)")
	accessPrior := f.Float64("access-prior", policy.DefaultAccess.Prior, "user: shrink each reader's access rate and daily shape toward the population's by this many pseudo-accesses (0: each reader's own, as Sia et al.)")
	accessWindow := f.Duration("access-window", policy.AccessWindow, "user: the history each reader's access pattern is learned from")
	accessUnread := f.Float64("access-unread", policy.DefaultAccess.Unread, "user: the share of the mean accesses per reader a feed nobody has looked at counts in the split (0: none, only its floors fetch it; 1: an average reader's)")
	accessHeldBack := f.Duration("access-held-back", 0, "user: check each feed's access pattern on its readers' accesses of this last `stretch` and follow it only as far as it predicted them (0: follow every pattern)")
	accessFlat := f.Float64("access-flat", 0, "user: mix each feed's access pattern with a flat day by this `share` (0-1), bounding how far placement follows readers' hours")
	readersAlike := f.Bool("readers-alike", false, "user: every reader weighs alike on a source's access pattern, not every access (Sia et al. judge a schedule per user)")
	accessOracle := f.Bool("access-oracle", false, "user: a bound, not a policy: learn each source's access pattern from the accesses of the coming --access-window instead of the last")
	rateOracle := f.Bool("rate-oracle", false, "uniform, alloc, place, combined, user: a bound, not a policy: plan by each source's true mean rate and daily shape over the evaluated period (tracking off)")
	noDates := f.Bool("no-dates", false, "hide every posting's date: the models learn from new-item counts and fetch times alone, as from a feed without dates")
	datelessShare := f.Float64("dateless-share", 0, "hide the dates of this `fraction` of the sources (0-1), chosen by a hash of their IDs with a fixed seed")
	pushShare := f.Float64("push-share", 0, "this `fraction` of the sources (0-1, chosen by a hash of their IDs with a fixed seed) have a WebSub hub pushing each posting; they get only verification polls")
	hubDelay := f.Duration("hub-delay", 0, "how long after publication a pushed source's hub delivers a posting")
	pushVerify := f.Duration("push-verify", plan.DefaultPushVerify, "shortest interval of a pushed source's verification polls, as the monitor's VIGIL_PUSH_VERIFY")
	pushOff := f.Bool("push-off", false, "choose the --push-share sources but push none: the pulled sources' latency is then the same sources' without push, to compare a run with push to")
	pushMultiple := f.Float64("push-verify-multiple", plan.DefaultVerifyMultiple, "a pushed source is polled no more often than this many times the interval its policy would give it unfed, as the monitor's VIGIL_PUSH_VERIFY_MULTIPLE")
	lostPenalty := f.Duration("lost-penalty", 0, "charge each lost posting this delay in the penalised delay (0: until the fetch that found it gone)")
	var split simSplit
	split.flags(f)
	if err := f.parse(args, 0); err != nil {
		return err
	}
	if err := split.parse(); err != nil {
		return err
	}
	split.notes = e.stderr
	if err := checkSimFlags(*tracePath, *name, *perSource, *total, *feedWindow, *window, *beta); err != nil {
		return err
	}
	if !(*alpha > 0 && *alpha <= 1) {
		return usageError{fmt.Sprintf("--alpha must be in (0, 1], got %v", *alpha)}
	}
	if !(*datelessShare >= 0 && *datelessShare <= 1) {
		return usageError{fmt.Sprintf("--dateless-share must be a fraction from 0 to 1, got %v", *datelessShare)}
	}
	if !(*accessUnread >= 0) || math.IsInf(*accessUnread, 1) {
		return usageError{fmt.Sprintf("--access-unread must be a finite number of 0 or more, got %v", *accessUnread)}
	}
	if err := checkPushFlags(*pushShare, *hubDelay, *pushVerify, *pushMultiple); err != nil {
		return err
	}
	posts, readers, err := split.load(*tracePath, *usersPath)
	if err != nil {
		return err
	}
	cfg := sim.Config{Policy: *name, NoDates: *noDates, DatelessShare: *datelessShare, ReadersAlike: *readersAlike, AccessOracle: *accessOracle, RateOracle: *rateOracle, Train: *train, Online: *online, PlanEvery: *planEvery, DefaultWindow: *feedWindow, Alpha: *alpha, Start: posts.Start, End: posts.End,
		Beta: *beta, ProfileWindow: *window, ProfileTerms: *profileTerms, ProfileDFTerms: *dfTerms, Refine: *refine, NoQuality: *noQuality, LostPenalty: *lostPenalty,
		PushShare: *pushShare, HubDelay: *hubDelay, PushVerify: *pushVerify, PushVerifyMultiple: *pushMultiple, PushOff: *pushOff}
	if err := simWindow(&cfg, *from, *to); err != nil {
		return err
	}
	cfg.PolicyConfig.OwnRule = *ownRule
	cfg.PolicyConfig.SqrtAllocation = !*placedAlloc
	cfg.PolicyConfig.Access = policy.AccessModel{Prior: *accessPrior, Raw: *accessPrior == 0, Window: *accessWindow, Flat: *accessFlat, HeldBack: *accessHeldBack, Unread: unreadShare(*accessUnread)}
	cfg.PolicyConfig.Tracking = policy.Tracking{RecentHalfLife: *recentHalf, RecentPrior: *recentPrior, ShapePrior: *shapePrior,
		SilentShares: *silentShares, LevelPrior: *levelPrior, ShapePool: *shapePool, SeenShape: *seenShape}
	if *noTracking || (*recentHalf == 0 && *shapePrior == 0 && *silentShares == 0 && *levelPrior == 0 && !*shapePool) {
		cfg.PolicyConfig.Tracking = policy.Tracking{Off: true}
	}
	if *total > 0 {
		cfg.PerDay = *total
	} else {
		cfg.PerSource = *perSource
	}
	srcs := simSources(posts)
	if !*noQuality || policy.Content(*name) || *refine {
		if err := analyzeTitles(srcs, posts); err != nil {
			return err
		}
	}
	meter := newMeter(e.stderr, "sim "+*name, 0)
	cfg.Progress = func(done, total time.Duration) {
		meter.set(int(done/time.Hour), int(total/time.Hour), "simulated hours")
	}
	m, err := sim.Run(cfg, srcs, readers)
	meter.finish()
	if err != nil {
		return err
	}
	if q := posts.Quantisation(); q.Quantised() && !*asJSON {
		fmt.Fprintf(e.stdout, "note: the trace's times are quantised (%s): delays shorter than its grid are not measured\n", describeQuantisation(q))
	}
	return printMetrics(e, m, *asJSON)
}

// simWindow sets the evaluated window from --from and --to: the run starts
// the training period before --from (at --from when online) and ends at --to.
func simWindow(cfg *sim.Config, from, to string) error {
	if from != "" {
		t, err := time.Parse(time.DateOnly, from)
		if err != nil {
			return usageError{fmt.Sprintf("--from %q is not a date like 2013-07-01", from)}
		}
		cfg.Start = t
		if !cfg.Online {
			cfg.Start = t.Add(-cfg.Train)
		}
	}
	if to != "" {
		t, err := time.Parse(time.DateOnly, to)
		if err != nil {
			return usageError{fmt.Sprintf("--to %q is not a date like 2013-07-15", to)}
		}
		cfg.End = t
	}
	if !cfg.End.After(cfg.Start.Add(cfg.Train)) && !(cfg.Online && cfg.End.After(cfg.Start)) {
		return usageError{"--to must come after --from"}
	}
	return nil
}

// gridName writes a grid step as "1-hour" or "5-minute".
func gridName(d time.Duration) string {
	if d >= time.Hour {
		return fmt.Sprintf("%d-hour", d/time.Hour)
	}
	return fmt.Sprintf("%d-minute", d/time.Minute)
}

// describeQuantisation says how a trace's times are quantised.
func describeQuantisation(q trace.Quantisation) string {
	shared := fmt.Sprintf("%.0f%% of postings share their second with another of their source", 100*q.Shared)
	if q.Step > 0 {
		return fmt.Sprintf("%.0f%% or more on a %s grid; %s", 100*trace.QuantisedShare, gridName(q.Step), shared)
	}
	return shared
}

// checkSimFlags reports the first unusable flag value.
func checkSimFlags(tracePath, name string, perSource, total float64, feedWindow, window int, beta float64) error {
	switch {
	case tracePath == "":
		return usageError{"--trace is required"}
	case name != sim.Clairvoyant && !slices.Contains(policy.Names(), name) && !slices.Contains(sim.Oracles(), name) && !slices.Contains(sim.Hybrids(), name):
		return usageError{fmt.Sprintf("unknown --policy %q: choose one of %s, or clairvoyant", name, strings.Join(policy.Names(), ", "))}
	case !(perSource > 0) || total < 0:
		return usageError{"--budget must be positive, --budget-total not negative"}
	case feedWindow < 1:
		return usageError{"--feed-window must be at least 1"}
	case window < 1:
		return usageError{"--window must be at least 1"}
	case math.IsNaN(beta) || math.IsInf(beta, 0):
		return usageError{"--beta must be a finite number"}
	}
	return nil
}

// analyzeTitles gives every posting the terms of its title (English
// stems and lexical affinities, package text), for the profile measures
// and policies; a trace without titles is refused for them.
func analyzeTitles(srcs []sim.Source, p *trace.Postings) error {
	a, err := text.NewAnalyzer(text.Config{})
	if err != nil {
		return err
	}
	titled := false
	for i, s := range p.Sources {
		srcs[i].Terms = make([][]string, len(s.Postings))
		for j, post := range s.Postings {
			titled = titled || post.Title != ""
			srcs[i].Terms[j] = a.Terms(nil, post.Title)
		}
	}
	if !titled {
		for i := range srcs {
			srcs[i].Terms = nil
		}
	}
	return nil
}

// simSources turns a posting trace into the simulator's sources.
func simSources(p *trace.Postings) []sim.Source {
	out := make([]sim.Source, len(p.Sources))
	for i, s := range p.Sources {
		times := make([]time.Time, len(s.Postings))
		for j, post := range s.Postings {
			times[j] = post.Time
		}
		out[i] = sim.Source{ID: s.ID, Window: s.Window, Postings: times}
	}
	return out
}

// loadSimInputs reads a posting trace and, when usersPath is set, the
// reader trace mapped onto its period (replayed unless taken over it).
func loadSimInputs(tracePath, usersPath string) (*trace.Postings, []sim.Reader, error) {
	return simSplit{follow: 1, replay: replayAuto}.load(tracePath, usersPath)
}

// printMetrics writes a run's metrics as JSON or as a short table.
func printMetrics(e *env, m sim.Metrics, asJSON bool) error {
	if asJSON {
		enc := json.NewEncoder(e.stdout)
		enc.SetIndent("", "  ")
		return enc.Encode(m)
	}
	fmt.Fprintf(e.stdout, "policy %s: %d sources, %d postings, budget %.0f fetches/day\n", m.Policy, m.Sources, m.Postings, m.Budget)
	fmt.Fprintf(e.stdout, "fetches %d (deferred %d), %.1f%% of the budget\n", m.Fetches, m.Deferred, 100*m.Spent)
	if m.Underspent {
		fmt.Fprintf(e.stdout, "note: under %.0f%% of the budget spent: not comparable at equal fetches\n", 100*sim.UnderspendBelow)
	}
	if m.BoundVacuous {
		fmt.Fprintln(e.stdout, "note: the budget covers every posting, so the clairvoyant bound (0) is vacuous")
	}
	fmt.Fprintf(e.stdout, "delay: penalised %.0f min; captured: mean %.0f min, p95 %.0f min, max %.0f min\n", m.PenalisedDelayMin, m.MeanDelayMin, m.P95DelayMin, m.MaxDelayMin)
	fmt.Fprintf(e.stdout, "lost %d, completeness %.3f, freshness %.3f, age %.0f min\n", m.Lost, m.Completeness, m.Freshness, m.AgeMin)
	printLatency(e, m)
	if m.Accesses > 0 {
		fmt.Fprintf(e.stdout, "misses per access %.2f, miss-delay %.0f min\n", m.MissesPerAccess, m.MissDelayMin)
		fmt.Fprintf(e.stdout, "per reader (each alike): misses %.2f, miss-delay %.0f min\n", m.ReaderMeanMisses, m.ReaderMeanMissDelayMin)
	}
	return nil
}

// unreadShare is policy.AccessModel.Unread for the flag's share: the share
// itself, and a negative one (none) for 0, which the model's zero value
// would read as its default.
func unreadShare(flag float64) float64 {
	if flag == 0 {
		return -1
	}
	return flag
}
