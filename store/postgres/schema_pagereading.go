package postgres

// schemaPageReading adds how a page is fetched and read (pages.reading:
// vigil.PageReading as JSON: rendered in a browser, XPath, jq), each
// follower's conditions (page_follows.conditions, a JSON list of
// vigil.Condition) and, per change, the followers whose conditions it did
// not meet (page_changes.withheld, a JSON list of user IDs).
const schemaPageReading = `
ALTER TABLE pages ADD COLUMN reading TEXT NOT NULL DEFAULT '{}';
ALTER TABLE page_follows ADD COLUMN conditions TEXT NOT NULL DEFAULT '[]';
ALTER TABLE page_changes ADD COLUMN withheld TEXT NOT NULL DEFAULT '[]';
`
