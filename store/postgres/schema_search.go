package postgres

// schemaV6 makes the search index lean for storage. An item's
// search vector keeps the positions of its title's words, under weight A,
// and only the words of its body, without positions or weight: a third of
// the size, so that the row, with its compressed body, fits in its page
// instead of spilling the vector into TOAST. What the positions served is
// kept: the title still ranks above the body (ts_rank reads a word without
// positions as weight D), and a phrase is checked against the item's text
// in Go (searchPhrases). Only a body word's repetitions no longer add to
// its rank.
//
// The existing vectors are converted in SQL from what they hold: their A
// words as they are, their other words stripped. The GIN index's list of
// pending entries is capped at 256 kB instead of the server's default of
// 4 MB, and flushed: the list is merged into the index in batches, which
// keeps inserts cheap, but its pages stay allocated to the index once used.
const schemaV6 = `
UPDATE items SET search = ts_filter(search, '{a}') || strip(ts_filter(search, '{b,c,d}'));
ALTER INDEX items_search SET (gin_pending_list_limit = 256);
SELECT gin_clean_pending_list('items_search'::regclass);
`
