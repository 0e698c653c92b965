package sqlite

import "vigil/store/sqlflow"

// folderSQL is the SQLite text of the statements that file and name a
// user's subscriptions.
var folderSQL = sqlflow.FolderSQL{
	SetFolder: `UPDATE subscriptions SET folder = ? WHERE user_id = ? AND feed_id = ?`,
	SetTitle:  `UPDATE subscriptions SET title = ? WHERE user_id = ? AND feed_id = ?`,
}
