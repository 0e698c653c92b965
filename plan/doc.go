// Package plan decides when each source is fetched next. It is pure: no I/O,
// no wall clock; the monitor and the simulator call the same code.
//
// A Planner learns from each observation and proposes a next fetch time;
// Constrain then applies the server's hints, which bind every policy equally.
package plan
