package postgres

// schemaV4 stores item bodies as the bytes store/itembody encodes: zstd
// frames, a summary the content repeats as a reference into it, short text
// as it is. The rows stored before become their UTF-8 bytes, which
// itembody reads as plain text, so none has to be rewritten in Go; items
// stored from now on are compressed.
const schemaV4 = `
ALTER TABLE items
	ALTER COLUMN summary DROP DEFAULT,
	ALTER COLUMN content DROP DEFAULT;
ALTER TABLE items
	ALTER COLUMN summary TYPE BYTEA USING convert_to(summary, 'UTF8'),
	ALTER COLUMN content TYPE BYTEA USING convert_to(content, 'UTF8');
ALTER TABLE items
	ALTER COLUMN summary SET DEFAULT ''::bytea,
	ALTER COLUMN content SET DEFAULT ''::bytea;
`
