package main

import (
	"fmt"
	"time"

	"vigil/profile"
	"vigil/profiler"
)

// profilerOpts are the flags of the profiler that serve and worker run.
type profilerOpts struct {
	every   *time.Duration
	terms   *int
	dfTerms *int
	rest    *float64
}

// addProfilerFlags declares the profiler's flags on f.
func addProfilerFlags(f *flags) *profilerOpts {
	return &profilerOpts{
		every: f.Duration("profile-every", profiler.DefaultEvery, "how often new items are folded into the channel profiles"),
		terms: f.Int("profile-terms", profile.DefaultMaxTerms,
			"how many of its heaviest stems, and as many of its affinities, a new channel profile keeps; -1: every term (memory grows with the items)"),
		dfTerms: f.Int("profile-df-terms", profile.DefaultTermLimit,
			"how many terms that no profile holds the document-frequency table keeps (the rarest go first); -1: every term"),
		rest: f.Float64("profile-rest", profiler.DefaultRest,
			"after each page of a catch-up, rest this `share` of the time the page took; 0: never rest"),
	}
}

// check returns a usage error naming the first flag out of range.
func (o *profilerOpts) check() error {
	switch {
	case *o.every <= 0:
		return usageError{fmt.Sprintf("--profile-every must be positive, got %v", *o.every)}
	case *o.terms == 0 || *o.terms < -1:
		return usageError{fmt.Sprintf("--profile-terms must be positive or -1, got %d", *o.terms)}
	case *o.dfTerms == 0 || *o.dfTerms < -1:
		return usageError{fmt.Sprintf("--profile-df-terms must be positive or -1, got %d", *o.dfTerms)}
	case !(*o.rest >= 0 && *o.rest <= 100):
		return usageError{fmt.Sprintf("--profile-rest must be 0 to 100, got %v", *o.rest)}
	}
	return nil
}

// config returns the profiler's configuration from the flags.
func (o *profilerOpts) config() profiler.Config {
	rest := *o.rest
	if rest == 0 {
		rest = -1 // the Config's zero means the default
	}
	return profiler.Config{Profile: profile.Config{K: profile.DefaultK, Beta: profile.DefaultBeta, MaxTerms: *o.terms},
		TermLimit: *o.dfTerms, Rest: rest}
}

// startService checks the profiler's flags, which serve and worker share,
// and sets the collector's target, returning what undoes it. The
// environment is checked as the flags are parsed.
func startService(c *config, popts *profilerOpts, gcPercent int) (undo func(), err error) {
	if err := popts.check(); err != nil {
		return nil, err
	}
	return setGCPercent(c, gcPercent)
}
