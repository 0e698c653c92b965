// Package monitor is vigil's live loop: it picks due feeds, fetches them with
// a bounded pool of workers under a global budget and per-host politeness,
// stores what each fetch returned together with its observation in one
// transaction, and asks the planner when to fetch again. Time comes from a
// clock.Clock, so the simulator can drive the same loop on virtual time.
package monitor
