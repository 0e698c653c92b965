package policy

// MinPageChecks is how many change checks (successful fetches after a
// page's first) its change rate needs before it is shown to people. The
// planner uses the rate from the first check on, as it must; but Cho &
// Garcia-Molina's estimator over one check that saw a change says only
// that the page changed within that interval, so a page fetched twice a
// few seconds apart would read "about 300 changes an hour". Five checks is
// vigil's choice, not the paper's: few enough to show a rate within a day
// or two of watching a page, enough that one change does not make it.
const MinPageChecks = 5

// RateShown reports whether the models hold enough evidence for their
// rate to be shown: a feed's from its first fetch (its items' dates seed
// it), a page's after MinPageChecks checks. Checks returns how many a
// page has.
func (m *Models) RateShown() bool {
	return !m.Page || m.Checks() >= MinPageChecks
}

// Checks returns the change checks behind a page's rate: its successful
// fetches after the first.
func (m *Models) Checks() int {
	return max(m.Fetches-1, 0)
}
