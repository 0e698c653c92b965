// Package greader serves the Google Reader API in the dialect FreshRSS and
// Miniflux serve and reader apps speak (NetNewsWire, Reeder, ReadYou,
// FeedMe, newsboat's "feedhq" mode): ClientLogin, the /reader/api/0/
// endpoints with output=json, and the /reader/atom/ streams newsboat reads.
//
// Identifiers: a feed's stream is "feed/" and its URL; a folder is the label
// "user/-/label/" and its path; an item's long form is the decimal of its
// stored ID and its hex form "tag:google.com,2005:reader/item/" and 16 hex
// digits of the same number, so item IDs are stable across restarts.
//
// Authentication: ClientLogin takes the user's name as Email and, as
// Passwd, their password or API token; it answers an Auth token that is
// stored hashed as a session and sent back as "Authorization: GoogleLogin
// auth=TOKEN". Every user sees only the feeds they follow.
package greader
