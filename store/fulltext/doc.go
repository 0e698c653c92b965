// Package fulltext holds what every store's full-text search shares: the
// plain text an item is indexed by and the parsing of what a person types
// into a search box into terms that no input can turn into query syntax.
// Each store renders the terms in its own query language.
package fulltext
