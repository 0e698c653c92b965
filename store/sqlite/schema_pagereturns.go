package sqlite

// schemaPageReturns adds each page's number of last distinct states a new
// version is compared with to tell a return to an earlier state from a
// change (vigil.Page.Returns; 0 means the default).
const schemaPageReturns = `
ALTER TABLE pages ADD COLUMN returns INTEGER NOT NULL DEFAULT 0;
`
