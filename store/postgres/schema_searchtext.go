package postgres

// schemaV7 keeps an item's search vector as text (issue 11, storage): the
// column search_text holds the vector's lexemes, each followed by its
// positions when it has any, in the input syntax of tsvector, and the GIN
// index items_search is built on the vector that text casts to, every
// position under weight A (searchVectorSQL). A lexeme of the body costs its
// bytes and a space there instead of its bytes and a four-byte entry, and a
// title word the body repeats is kept once, as the vector keeps it: about
// 220 bytes less per item of ~2 KB, enough for six rows to fit in a page
// instead of five. The vector the index and ts_rank read is the one the
// column search held, lexeme for lexeme: only the title's words have
// positions (schemaV6), so all of them are the title's and weight A.
//
// vigil_search_text writes a vector in that syntax: a lexeme is quoted
// (with its quotes and backslashes escaped) unless it is made of letters,
// digits and punctuation other than the quote, the colon and the
// backslash, which the input syntax reads as they are. Existing rows are
// converted in SQL from their vectors; the update leaves their old
// versions as free space in the table, which VACUUM FULL items returns.
const schemaV7 = `
CREATE FUNCTION vigil_search_text(v tsvector) RETURNS text
LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE AS $$
	SELECT coalesce(string_agg(
		CASE WHEN lexeme ~ '^[[:alnum:][:punct:]]+$' AND lexeme !~ '['':\\]' THEN lexeme
			ELSE '''' || replace(replace(lexeme, '\', '\\'), '''', '''''') || '''' END
		|| coalesce(':' || array_to_string(positions, ','), ''), ' '), '')
	FROM unnest(v)
$$;
ALTER TABLE items ADD COLUMN search_text TEXT NOT NULL DEFAULT '';
UPDATE items SET search_text = vigil_search_text(search);
DROP INDEX items_search;
ALTER TABLE items DROP COLUMN search;
CREATE INDEX items_search ON items USING GIN ((setweight(search_text::tsvector, 'A')))
	WITH (gin_pending_list_limit = 256);
`
