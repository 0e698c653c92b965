// Package sim is vigil's trace-driven simulator: it replays sources'
// posting times through the very estimators and planner the live monitor
// runs (package policy), on a virtual clock, and measures what a policy
// delivers under a fetch budget.
//
// A simulated source is pull-only and shows only its latest W postings
// (Sia & Cho §4.1): a fetch at T returns that window; postings published
// since the previous fetch that were pushed out of the window before T are
// lost, the others are captured with delay T − t_i (Sia & Cho, Def. 1).
// Config.PushShare makes a share of the sources pushed by a WebSub hub
// instead: polled only to verify the hub, by the live monitor's rule, and
// every run measures the latency from publication to the alert's delivery.
// After each fetch the engine calls the policy's models exactly as the live
// monitor does (policy.Models.Observe, then Policy.Next), and re-plans every
// source every Config.PlanEvery (policy.Policy.Plan).
//
// The budget is enforced by the engine, the same for every policy: a token
// bucket earning perDay fetches a day and saving up at most Config.Burst of
// them, with a quota on the measured period of that period's own budget; a
// fetch that finds no token waits for the next one, first due, first served
// (see budget).
//
// Run is pure and deterministic: no wall clock, no I/O, no globals.
// The policy named Clairvoyant is not a policy but a lower bound on total
// delay: it knows future posting times and places each source's fetches
// optimally.
package sim
