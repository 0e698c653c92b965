package postgres

// schemaPageReturns adds each page's number of last distinct states a new
// version is compared with to tell a return to an earlier state from a
// change (vigil.Page.Returns; 0 means the default). IF NOT EXISTS lets
// the tests that roll a database back to an older version migrate it again.
const schemaPageReturns = `
ALTER TABLE pages ADD COLUMN IF NOT EXISTS returns INTEGER NOT NULL DEFAULT 0;
`
