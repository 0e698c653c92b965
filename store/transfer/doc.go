// Package transfer copies an embedded installation (a store/sqlite file)
// into an empty PostgreSQL database (store/postgres) in one transaction,
// keeping every ID, and verifies the copy: the row count and a checksum of
// every table must agree on both sides, or nothing is committed. It is
// `vigil migrate`.
package transfer
