// Package policy holds vigil's named refresh policies: the same code plans
// the live monitor's fetches and the simulator's. A policy sees every source
// through a Source (its learned Models, its readers' weight and access
// pattern, the server's hints), re-plans the whole budget with Plan, and
// answers Next for one source after each fetch. It is pure: no I/O and no
// wall clock; randomness comes from seeds.
//
// The policies and their papers:
//   - uniform: every source the same number of fetches, evenly spaced (the
//     baseline of Sia & Cho §4.4, policy 1);
//   - alloc: square-root allocation (Sia & Cho, Theorem 1), evenly spaced;
//   - place: uniform counts at optimal times (Sia & Cho, Theorems 2-3);
//   - combined: both (Sia & Cho §4.4, policy 4);
//   - user: allocation and placement that minimise missed postings given
//     when readers look (Sia et al., Theorems 1-2);
//   - ewma, periodic: fetch when a budget-calibrated number of new postings
//     is expected under the single-variable or the daily periodic model
//     (Horincar et al. §4.1-4.2), before the feed's window saturates (§6.2);
//   - learned: the content-free learned monitoring rate (Roitman et al. Eq. 5),
//     scaled to the budget.
package policy
