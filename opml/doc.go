// Package opml reads and writes OPML subscription lists, the format feed
// readers use to move a person's feeds from one application to another.
//
// Parse accepts OPML 1.0 and 2.0 documents as other readers export them:
// feeds nested in folders at any depth, attribute names in any letter case,
// and documents in any encoding their XML declaration names. Write produces
// an OPML 2.0 document that Parse reads back to the same subscriptions.
//
// Errors caused by the document itself carry the code vigil.EINVALID, so the
// server can answer them as a bad request.
package opml
