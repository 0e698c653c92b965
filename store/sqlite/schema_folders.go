package sqlite

// schemaFolders gives each subscription the user's folder (a "/"-separated
// path, "" at the top level) and the user's own title for the feed ("" for
// the feed's), for OPML folders and the Google Reader API's labels.
const schemaFolders = `
ALTER TABLE subscriptions ADD COLUMN folder TEXT NOT NULL DEFAULT '';
ALTER TABLE subscriptions ADD COLUMN title TEXT NOT NULL DEFAULT '';
`
