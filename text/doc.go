// Package text turns feed items into the terms of channel profiles: word
// stems and lexical affinities, following Roitman et al., "channel profiles"
// (a channel is described by tf-idf weights over such terms).
//
// PlainText strips HTML; an Analyzer splits plain text into tokens, drops
// stop words, stems the rest with the Snowball stemmers
// (github.com/kljensen/snowball) and adds lexical affinities, pairs of stems
// that occur close to each other. The package is pure: no I/O, no clock, no
// mutable globals; its output depends only on its input and Config.
package text
