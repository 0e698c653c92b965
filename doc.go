// Package vigil holds the domain of the vigil feed monitor: feeds, items,
// users, subscriptions and the observations every fetch leaves behind, and
// the error type whose codes the edges map to exit codes and HTTP statuses.
//
// The packages around it are adapters (fetch, feed, store, server) and pure
// science (estimate, plan); they depend on this package, never the reverse.
package vigil
