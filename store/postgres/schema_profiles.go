package postgres

// schemaBoundedProfiles starts the channel profiles afresh. Profiles saved
// before channel windows were capped and the document-frequency table
// bounded hold every term their items ever had (hundreds of kilobytes a
// channel, millions of term_df rows that the profiler would read at once
// at start); the profiler folds every stored item in again, paced and in
// bounded memory, and saves the bounded form.
const schemaBoundedProfiles = `
TRUNCATE profiles, term_df;
UPDATE profiler SET through = 0, documents = 0 WHERE id = 1;
`
