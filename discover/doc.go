// Package discover finds the feeds a web page advertises with
// <link rel="alternate" type="application/rss+xml"> (or atom+xml, or
// feed+json) elements, so that a blog's address pasted where a feed is
// expected leads to its feed. Links is a pure function of a document;
// Finder fetches the page through a fetch.Client, under its address guard,
// size cap and timeouts.
package discover
