package policy

// Salts are mixed into a source's ID and the configured seed before
// hashing, one for each draw, so that the draws of one source are
// independent of one another. Changing one changes every plan made with it.
const (
	// gapSalt keys a less-than-daily source's choice of whole-day gaps
	// (dayPlan.next).
	gapSalt uint64 = 0x6a09e667f3bcc909
	// jitterSalt draws a source's shift of a few minutes (jitter).
	jitterSalt uint64 = 0x2545f4914f6cdd1d
	// offsetSalt draws where in the day a source's evenly spaced fetches
	// start (timesUniform).
	offsetSalt uint64 = 0x5bd1e995
	// selectorStream is the second word of the selecting policies'
	// random generator, seeded with the configured seed.
	selectorStream uint64 = 0x5e1ec7
)
