// Package change measures how a watched web page changed between two
// versions, following Glance et al., "collaborative document monitoring":
// the extents of a change (any, text, tokens, noun phrases, links, images,
// §2.2), their severity words (§3.1.3), the agent's summary and the inline
// diff view (§3.2), the combination of people's ratings and the
// notification rule (§3.1.3), the document history (§3.2), the reference
// version calendar of the daily, weekly and monthly groups (§2.2, §3.1.1),
// and, beyond the paper, noise learning and a per-page rating predictor.
//
// The package is pure: no I/O, no clock, no mutable globals. Its results
// depend only on its inputs.
package change
