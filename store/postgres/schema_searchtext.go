package postgres

// schemaV7 keeps an item's search vector as text for storage: the
// column search_text holds the lexemes of the title with their positions,
// a line break, then the lexemes of the body that the title lacks, each in
// the input syntax of tsvector. The GIN index items_search is built on the
// vector the two parts cast to, the title's positions under weight A
// (searchVector): lexeme for lexeme the vector the column search held,
// whose body words had no positions (schemaV6). A lexeme of the body costs
// its bytes and a space instead of its bytes and a four-byte entry: about
// 210 bytes less per item of ~2 KB, enough for six rows to fit in a page
// instead of five. Casting text to tsvector costs time, so a search ranks
// an item by its title's part and the query's own words (searchRank).
//
// vigil_lexemes writes a vector in that syntax: a lexeme is quoted (with
// its quotes and backslashes escaped) unless it is made of letters, digits
// and punctuation other than the quote, the colon and the backslash, which
// the syntax reads as they are; no lexeme the parser makes holds a line
// break. Existing rows are converted in SQL from their vectors; the update
// leaves their old versions as free space in the table, which VACUUM FULL
// items returns.
const schemaV7 = `
CREATE FUNCTION vigil_lexemes(v tsvector) RETURNS text
LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE AS $$
	SELECT coalesce(string_agg(
		CASE WHEN lexeme ~ '^[[:alnum:][:punct:]]+$' AND lexeme !~ '['':\\]' THEN lexeme
			ELSE '''' || replace(replace(lexeme, '\', '\\'), '''', '''''') || '''' END
		|| coalesce(':' || array_to_string(positions, ','), ''), ' '), '')
	FROM unnest(v)
$$;
CREATE FUNCTION vigil_search_text(title tsvector, body tsvector) RETURNS text
LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE AS $$
	SELECT vigil_lexemes(title) || E'\n' || vigil_lexemes(ts_delete(strip(body), tsvector_to_array(title)))
$$;
ALTER TABLE items ADD COLUMN search_text TEXT NOT NULL DEFAULT E'\n';
UPDATE items SET search_text = vigil_search_text(ts_filter(search, '{a}'), search);
DROP INDEX items_search;
ALTER TABLE items DROP COLUMN search;
CREATE INDEX items_search ON items USING GIN ((setweight(split_part(search_text, E'\n', 1)::tsvector, 'A') || split_part(search_text, E'\n', 2)::tsvector))
	WITH (gin_pending_list_limit = 256);
`
