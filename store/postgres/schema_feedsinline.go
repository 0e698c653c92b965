package postgres

// schemaFeedsInline stores a feed's row, its publication models included,
// as it is, up to a page's size: by default PostgreSQL compresses a row
// over about 2 KB, and the models (about 1.9 KB in their binary form) put
// every feed's row over it, so every fetch's update of its feed, a 304's
// too, compressed the models again (a tenth of the server's CPU in an
// unchanged refresh, docs/performance.md). Rows over a page's size are
// still compressed or moved out of line as before.
const schemaFeedsInline = `
ALTER TABLE feeds SET (toast_tuple_target = 8160);
`
