// Package websub is vigil's WebSub subscriber (the W3C WebSub
// Recommendation): it discovers a feed's hubs and its topic URL, asks a
// hub to subscribe or unsubscribe with a secret, answers the hub's
// verification of intent only for an intent it has pending, checks the
// X-Hub-Signature of content the hub delivers and hands good content to be
// stored as a fetch would store it, renews leases before they end and
// unsubscribes once a feed has no follower left.
//
// Discovery and signature checking are pure functions; the Subscriber is
// the adapter that talks to hubs (under the fetch address guard) and the
// Callback the HTTP handler hubs call.
package websub
