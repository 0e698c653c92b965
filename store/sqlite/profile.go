package sqlite

import "vigil/store/sqlflow"

// profileColumns are the columns store.ScanProfile reads, in order.
const profileColumns = `feed_id, terms, cohesion, cohesion_sd, items, novel, novel_rate, updated`

// profileSQL is the SQLite text of the profiler's statements. Terms sort
// in the table's key order, bytewise; document frequency changes come as
// one JSON object.
var profileSQL = sqlflow.ProfileSQL{
	Head:     `SELECT through, documents, (SELECT count(*) FROM term_df) FROM profiler WHERE id = 1`,
	Terms:    `SELECT term, df FROM term_df ORDER BY term`,
	Channels: `SELECT feed_id, state FROM profiles ORDER BY feed_id`,
	SetHead:  `UPDATE profiler SET through = ?, documents = ? WHERE id = 1`,
	AddDF: `INSERT INTO term_df (term, df) SELECT key, value FROM json_each(?) WHERE value <> 0
		 ON CONFLICT (term) DO UPDATE SET df = df + excluded.df`,
	DropDF: `DELETE FROM term_df WHERE df <= 0 AND term IN (SELECT key FROM json_each(?) WHERE value < 0)`,
	SaveChannel: `INSERT INTO profiles (feed_id, state, terms, cohesion, cohesion_sd, items, novel, novel_rate, updated)
		 SELECT ?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9 WHERE EXISTS (SELECT 1 FROM feeds WHERE id = ?1)
		 ON CONFLICT (feed_id) DO UPDATE SET state = excluded.state, terms = excluded.terms,
			cohesion = excluded.cohesion, cohesion_sd = excluded.cohesion_sd, items = excluded.items,
			novel = excluded.novel, novel_rate = excluded.novel_rate, updated = excluded.updated`,
	ByFeed: `SELECT ` + profileColumns + ` FROM profiles WHERE feed_id = ?`,
	List:   `SELECT ` + profileColumns + ` FROM profiles ORDER BY feed_id`,
}
