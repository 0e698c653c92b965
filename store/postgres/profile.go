package postgres

import "vigil/store/sqlflow"

// profileColumns are the columns store.ScanProfile reads, in order.
const profileColumns = `feed_id, terms, cohesion, cohesion_sd, items, novel, novel_rate, updated`

// profileSQL is the PostgreSQL text of the profiler's statements. Terms
// sort bytewise (COLLATE "C"); document frequency changes come as two
// arrays, of terms and of changes.
var profileSQL = sqlflow.ProfileSQL{
	Head:     `SELECT through, documents, (SELECT count(*) FROM term_df) FROM profiler WHERE id = 1`,
	Terms:    `SELECT term, df FROM term_df ORDER BY term COLLATE "C"`,
	Channels: `SELECT feed_id, state FROM profiles ORDER BY feed_id`,
	SetHead:  `UPDATE profiler SET through = $1, documents = $2 WHERE id = 1`,
	AddDF: `INSERT INTO term_df (term, df) SELECT t, n FROM unnest($1::text[], $2::bigint[]) AS d(t, n) WHERE n <> 0
		 ON CONFLICT (term) DO UPDATE SET df = term_df.df + excluded.df`,
	DropDF: `DELETE FROM term_df WHERE df <= 0 AND term IN (SELECT t FROM unnest($1::text[], $2::bigint[]) AS d(t, n) WHERE n < 0)`,
	SaveChannel: `INSERT INTO profiles (feed_id, state, terms, cohesion, cohesion_sd, items, novel, novel_rate, updated)
		 SELECT $1, $2, $3, $4, $5, $6, $7, $8, $9 WHERE EXISTS (SELECT 1 FROM feeds WHERE id = $1)
		 ON CONFLICT (feed_id) DO UPDATE SET state = excluded.state, terms = excluded.terms,
			cohesion = excluded.cohesion, cohesion_sd = excluded.cohesion_sd, items = excluded.items,
			novel = excluded.novel, novel_rate = excluded.novel_rate, updated = excluded.updated`,
	ByFeed: `SELECT ` + profileColumns + ` FROM profiles WHERE feed_id = $1`,
	List:   `SELECT ` + profileColumns + ` FROM profiles ORDER BY feed_id`,
}

// termDeltas passes document frequency changes as an array of terms and
// an array of changes.
func termDeltas(delta map[string]int64) ([]any, error) {
	terms, counts := make([]string, 0, len(delta)), make([]int64, 0, len(delta))
	for t, n := range delta {
		terms, counts = append(terms, t), append(counts, n)
	}
	return []any{terms, counts}, nil
}
