package store

import "strings"

// ChangeWhere returns the condition selecting the page changes q asks for,
// changes aliased c: of one page and/or of the pages a user follows, in a
// time range, of one group (by default the user's own frequency for each
// page, else daily). arg records an argument and returns the dialect's
// placeholder for it.
func ChangeWhere(q ChangeQuery, arg func(any) string) string {
	var where []string
	if q.FeedID != 0 {
		where = append(where, "c.feed_id = "+arg(q.FeedID))
	}
	if q.UserID != 0 {
		where = append(where, "c.feed_id IN (SELECT feed_id FROM subscriptions WHERE user_id = "+arg(q.UserID)+")")
	}
	if !q.Since.IsZero() {
		where = append(where, "c.at >= "+arg(Nanos(q.Since)))
	}
	if !q.Until.IsZero() {
		where = append(where, "c.at < "+arg(Nanos(q.Until)))
	}
	switch {
	case q.Group != "":
		where = append(where, "c.grp = "+arg(q.Group))
	case q.UserID != 0:
		where = append(where, `c.grp = coalesce((SELECT pf.frequency FROM page_follows pf
			WHERE pf.user_id = `+arg(q.UserID)+` AND pf.feed_id = c.feed_id), 'daily')`)
	default:
		where = append(where, "c.grp = 'daily'")
	}
	return strings.Join(where, " AND ")
}

// ChangeLimit is how many changes q lists: its limit, 100 when that is not
// positive.
func ChangeLimit(q ChangeQuery) int {
	if q.Limit <= 0 {
		return 100
	}
	return q.Limit
}
