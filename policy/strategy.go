package policy

// strategy is how a scheduled policy plans: the functions and behaviour
// flags set where each policy is constructed (see constructors), so that
// what a policy does never depends on its display name.
type strategy struct {
	// count returns each source's share of the budget.
	count countFunc
	// times places a source's daily fetches within the day.
	times timesFunc
	// evenCounts splits the whole daily fetches evenly
	// (plan.UniformCounts) instead of by the exact square-root optimum
	// (plan.Allocate).
	evenCounts bool
	// clusters places fetches per pattern cluster, not per source, above
	// Config.ClusterAbove sources; a placement that ignores the pattern
	// (timesUniform) has nothing to gain from it.
	clusters bool
	// readers weighs each source by its readers' accesses per day, and
	// clusters it by their hourly accesses as well as its own rates.
	readers bool
	// tracked plans by tracking's rates (the recent level and the dated
	// daily shape, see trackedViews) instead of the learned models' alone.
	tracked bool
	// placedCounts splits the budget by the costs of the placed fetches
	// (placedShares) instead of count and integerCounts, unless
	// Config.SqrtAllocation.
	placedCounts bool
}

// The strategies of the scheduled policies, by the policy built on each.
var (
	uniformStrategy  = strategy{count: countUniform, times: timesUniform, evenCounts: true}
	allocStrategy    = strategy{count: countSqrt, times: timesUniform}
	placeStrategy    = strategy{count: countUniform, times: timesDelay, evenCounts: true, clusters: true}
	combinedStrategy = strategy{count: countSqrt, times: timesDelay, clusters: true}
	userStrategy     = strategy{count: countSqrt, times: timesMiss, clusters: true, readers: true, tracked: true, placedCounts: true}
)
