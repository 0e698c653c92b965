package postgres

// fetchHoursQuery counts observations per feed and hour before now ($1) for
// those at most $2 old; failed is the server's notion of a failed fetch, as
// in the SQLite store: an error, a status of 400 or more, or no status
// without a 304.
const fetchHoursQuery = `
SELECT feed_id, (($1 - at) / 3600000000000)::int AS ago, count(*)::int,
	count(*) FILTER (WHERE error <> '' OR (status = 0 AND NOT not_modified) OR status >= 400)::int,
	coalesce(sum(new_items), 0)::int
FROM observations WHERE at <= $1 AND at > $1 - $2
GROUP BY feed_id, ago`
