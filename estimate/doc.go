// Package estimate learns publication models of sources online, from what
// each fetch observed. It is pure: no I/O, no wall clock, deterministic.
//
// The models follow Horincar, Amann & Artières, "Online change estimation
// models for dynamic web resources" (§4.1 single-variable model), restated in
// FORMULAS.md §2.
package estimate
