package postgres

// schemaFeedsDueOnly drops feeds_next_fetch, an index on next_fetch alone
// that feeds_due (next_fetch NULLS FIRST, id) serves as well for every
// query on next_fetch (the due feeds, the claim, the fetch list, health).
// Every fetch moves next_fetch, so that a fetch's update of its feed,
// which cannot be a HOT update, wrote an entry in one index more.
const schemaFeedsDueOnly = `
DROP INDEX IF EXISTS feeds_next_fetch;
`
