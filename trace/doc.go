// Package trace reads, writes, replays and generates the publication and
// reader-access traces the simulator runs on.
//
// A posting trace records when sources published (and optionally what and
// how many postings each source's feed shows); an access trace records when
// users looked at their items. The file format is the TSV of
// shared/traces/FORMAT.md, plain or gzip. Generate makes synthetic traces
// calibrated to the statistics the seed papers report (FORMULAS.md §8).
//
// The package does no I/O beyond reading and writing the streams or files it
// is given, reads no clock and keeps no globals: the same input and seed give
// the same output.
package trace
