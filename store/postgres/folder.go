package postgres

import "vigil/store/sqlflow"

// folderSQL is the PostgreSQL text of the statements that file and name a
// user's subscriptions.
var folderSQL = sqlflow.FolderSQL{
	SetFolder: `UPDATE subscriptions SET folder = $1 WHERE user_id = $2 AND feed_id = $3`,
	SetTitle:  `UPDATE subscriptions SET title = $1 WHERE user_id = $2 AND feed_id = $3`,
}
