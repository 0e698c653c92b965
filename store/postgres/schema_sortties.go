package postgres

// schemaSortTies ends the sort indexes with the item ID again, as schema 1
// had them and schemaV8 took away: every listing orders by (sort time,
// ID), and an index on the sort time alone leaves PostgreSQL to read and
// sort every item of a sort time before it returns any of them. Items
// share a sort time by the thousand where a feed has no dates (all of a
// first fetch are dated when it saw them) or stamps every item alike, and
// then each page of the reading list, the first and every continuation,
// read and sorted the whole tied group: 0.35-1.4 s for 100,000 items of
// one time where the index, as here, reads the page and stops (7-21 ms).
// A continuation's row comparison (sort_at, id) < (at, id) is then a bound
// of the index range itself. The indexes cost the 8 bytes of an ID more
// per item each.
const schemaSortTies = `
DROP INDEX items_feed_sort;
DROP INDEX items_sort;
CREATE INDEX items_feed_sort ON items(feed_id, sort_at DESC, id DESC);
CREATE INDEX items_sort ON items(sort_at DESC, id DESC);
`
