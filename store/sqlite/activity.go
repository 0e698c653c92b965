package sqlite

// fetchHoursQuery counts observations per feed and hour before now (?1) for
// those at most ?2 old; failed matches the server's notion of a failed
// fetch: an error, a status of 400 or more, or no status without a 304.
const fetchHoursQuery = `
SELECT feed_id, (?1 - at) / 3600000000000 AS ago, count(*),
	sum(error != '' OR (status = 0 AND not_modified = 0) OR status >= 400),
	sum(new_items)
FROM observations WHERE at <= ?1 AND at > ?1 - ?2
GROUP BY feed_id, ago`
