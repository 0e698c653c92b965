// Package export carries a user's subscriptions out of vigil and back in
// with everything set on them: feeds with their title and folder, and
// watched pages with the owner's settings (kinds, selector, XPath, jq,
// ignore rules, rendering, returns, the learned noise items undone) and
// the follower's own (threshold, frequency, conditions). It converts them
// to and from OPML outlines (with attributes in opml.Namespace) and its
// own JSON document, and applies an import to a store.
package export
