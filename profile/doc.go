// Package profile keeps content profiles of channels and what they are used
// for, after Roitman et al. ("channel profiles"): a dynamic idf over every
// item seen so far (§4.2.1), tf-idf profiles over each channel's last k
// items, cohesion and the novelty filter (§4.3.2, §5.3), channel search and
// "channels like this" by profile, inter-channel similarity to refine
// monitoring rates (§6.2) and the monitoring quality measure (Eq. 4).
//
// The package works on already analysed terms: one []string per item,
// stems and lexical affinities alike. Terms are interned by a Corpus into
// dense integer IDs that are local to the process; everything persisted
// (Channel.Encode, Corpus.TakeDelta) names terms by their strings.
//
// Nothing here does I/O, reads the clock or keeps global state. No type is
// safe for concurrent use unless its documentation says so.
package profile
