package sim

// Metrics is what one run measured over the evaluated period (after the
// training part, or all of it online). Delays are in minutes; "weighted"
// means each posting counts with its source's weight (the sum of its
// readers' weights, 1 without readers).
type Metrics struct {
	// Policy is the policy's name.
	Policy string `json:"policy"`
	// Sources is the number of sources simulated.
	Sources int `json:"sources"`
	// Postings counts the postings published in the evaluated period.
	Postings int `json:"postings"`
	// Budget is the fetches allowed per day over all sources.
	Budget float64 `json:"budget_per_day"`
	// Fetches counts the fetches made in the evaluated period.
	Fetches int `json:"fetches"`
	// Spent is Fetches over the budget of the evaluated period (Budget ×
	// its days); Underspent flags a run below UnderspendBelow of it, whose
	// delays are not comparable at equal fetches.
	Spent      float64 `json:"spent"`
	Underspent bool    `json:"underspent,omitempty"`
	// BoundVacuous flags a clairvoyant run whose budget covers every
	// evaluated posting: a fetch at each posting gives zero delay, so the
	// bound says nothing.
	BoundVacuous bool `json:"bound_vacuous,omitempty"`
	// Deferred counts fetches that waited for the budget's next token
	// (over the whole run, training included), HeldAtEnd those of them the
	// measured period's spent quota sent to the end of the run.
	Deferred  int `json:"deferred"`
	HeldAtEnd int `json:"held_at_end"`
	// PushedSources counts the sources a WebSub hub pushes
	// (Config.PushShare), or that are set apart unpushed (PushOff).
	PushedSources int `json:"pushed_sources,omitempty"`
	// PushOff says the PushedSources were set apart without a hub
	// (Config.PushOff).
	PushOff bool `json:"push_off,omitempty"`
	// LatencyP50Min and LatencyP99Min are the median and 99th percentile
	// (nearest rank, unweighted) of the publication-to-delivery latency of
	// the evaluated postings that reached the monitor: for a pulled source
	// from publication to the fetch that found it, for a pushed one the
	// hub's delay, each plus the alert sender's delay (see latency).
	// PulledP50Min and PulledP99Min are the same over the pulled sources'
	// postings alone (0 when none reached the monitor: PulledArrived
	// says how many did). Lost and pending postings are in none of them.
	LatencyP50Min float64 `json:"latency_p50_min"`
	LatencyP99Min float64 `json:"latency_p99_min"`
	PulledP50Min  float64 `json:"pulled_latency_p50_min"`
	PulledP99Min  float64 `json:"pulled_latency_p99_min"`
	PulledArrived int     `json:"pulled_arrived"`
	// Captured counts the evaluated postings some fetch returned.
	Captured int `json:"captured"`
	// Lost counts the evaluated postings pushed out of their source's
	// window before any fetch saw them, by the next fetch or by the end of
	// the run.
	Lost int `json:"lost"`
	// Pending counts the evaluated postings still in their source's window,
	// unfetched, when the run ended.
	Pending int `json:"pending"`
	// Completeness is Captured / Postings (1 when nothing was published).
	Completeness float64 `json:"completeness"`
	// MeanDelayMin is the weighted mean delay T − t_i of captured postings
	// (Sia & Cho Def. 1).
	MeanDelayMin float64 `json:"mean_delay_min"`
	// PenalisedDelayMin is the weighted mean delay over all evaluated
	// postings: each lost posting charged the delay until the fetch that
	// found it gone (the end of the run if none did), or Config.LostPenalty
	// when set, and each pending one the delay until the end of the run:
	// the headline figure reports rank policies by.
	PenalisedDelayMin float64 `json:"penalised_delay_min"`
	// P95DelayMin is the weighted 95th percentile of those delays.
	P95DelayMin float64 `json:"p95_delay_min"`
	// MaxDelayMin is the largest delay of a captured posting.
	MaxDelayMin float64 `json:"max_delay_min"`
	// TotalDelayMin is the weighted sum of the delays, D(A) of Sia & Cho.
	TotalDelayMin float64 `json:"total_delay_min"`
	// Accesses counts the readers' accesses in the evaluated period (0
	// without readers).
	Accesses int `json:"accesses"`
	// MissesPerAccess is, per access at u, the postings of the reader's
	// sources published after the source's last fetch at or before u and
	// at or before u (Sia et al. §3.1), summed over the sources the access
	// concerns: all those followed, or a look's one (Reader.Looks).
	MissesPerAccess float64 `json:"misses_per_access"`
	// MissDelayMin is, per access, Σ (u − t_i) over the postings missed.
	MissDelayMin float64 `json:"miss_delay_min"`
	// Readers holds the same measures for each reader on their own
	// accesses: Sia et al. (§5.4) compare policies per user, averaging each
	// user's ratio to uniform, and a plan can serve most accesses well and
	// one reader badly.
	Readers []ReaderMetrics `json:"readers,omitempty"`
	// ReaderMeanMisses and ReaderMeanMissDelayMin are the means over the
	// readers who accessed of their misses and miss delay per access:
	// every reader counts alike, as in Sia et al.'s per-user comparison,
	// but the means are taken before any ratio. The ratio of two
	// policies' means stays finite where one reader's own ratio does not
	// (a reader with one access whom the other policy happened to serve
	// with no miss delay): see docs/science.md, *Readers who comment*.
	ReaderMeanMisses       float64 `json:"reader_mean_misses"`
	ReaderMeanMissDelayMin float64 `json:"reader_mean_miss_delay_min"`
	// Freshness is the time-averaged share of the evaluated period in which
	// a source's copy is fresh (nothing published since its last fetch),
	// averaged over sources (Cho & Garcia-Molina; 003's window freshness).
	Freshness float64 `json:"freshness"`
	// AgeMin is the time-averaged age of a source's copy (time since the
	// first posting not yet fetched, 0 when fresh), averaged over sources.
	AgeMin float64 `json:"age_min"`
	// DivergenceEWMA and DivergencePeriodic are the time-averaged RMS errors
	// of the single-variable and daily periodic estimators' predictions of
	// the postings new since the last fetch, sampled hourly (Horincar et
	// al. Eq. 2); absent for the clairvoyant, which estimates nothing, and
	// with Config.NoDivergence.
	DivergenceEWMA     float64 `json:"divergence_rms_ewma,omitempty"`
	DivergencePeriodic float64 `json:"divergence_rms_periodic,omitempty"`
	// ProfileQuality is Q of Roitman et al. Eq. 4: how close the profiles
	// of the postings the policy captured stay to the profiles of every
	// posting, 1 at best (see quality); present when the postings have
	// text.
	ProfileQuality float64 `json:"profile_quality,omitempty"`
	// Novel counts the captured postings the novelty filter (Roitman et
	// al. Eq. 7) kept, over the whole run (training and first fetches
	// included, unlike Fetches), for the policies that keep channel
	// profiles.
	Novel int `json:"novel,omitempty"`
}

// ReaderMetrics is one reader's misses over their accesses in the
// evaluated period (see Metrics.MissesPerAccess and MissDelayMin).
type ReaderMetrics struct {
	ID              string  `json:"id"`
	Accesses        int     `json:"accesses"`
	MissesPerAccess float64 `json:"misses_per_access"`
	MissDelayMin    float64 `json:"miss_delay_min"`
}
