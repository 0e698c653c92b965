package sqlite

// schemaPageNoise adds the learned noise items each page's owner undid
// (pages.noise_forgotten, a JSON list of the change package's NoiseItem
// keys): the monitor never learns them again.
const schemaPageNoise = `
ALTER TABLE pages ADD COLUMN noise_forgotten TEXT NOT NULL DEFAULT '[]';
`
