// Package fever serves the Fever API (version 3) that many iOS and macOS
// reader apps speak (Reeder, Unread, Fiery Feeds, ReadKit, Fluent Reader).
//
// Clients POST api_key = md5("name:password") to /fever/?api with the
// request in the query: groups (vigil's folders), feeds, favicons, items
// (since_id, max_id, with_ids), unread_item_ids, saved_item_ids, links,
// and mark=item|feed|group with as=read|unread|saved|unsaved. vigil never
// accepts the account password here: the password in the key is a
// Fever-only one the user sets (PUT /api/me/fever), since md5 of a
// password is weak and travels with every request.
//
// A group's ID is a hash of its folder's path (FNV-1a, 31 bits), so it
// stays the same across restarts and when folders come and go.
package fever
