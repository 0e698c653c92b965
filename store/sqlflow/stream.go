package sqlflow

import (
	"context"
	"strings"
	"time"

	"vigil"
	"vigil/store"
)

// StreamSQL is the text of the stream statements, which select a user's
// items through the subscriptions sub and states st joined by From.
type StreamSQL struct {
	// Entries selects (id, feed, sort time, read, starred) for
	// store.ScanStreamEntry; From and the conditions follow.
	Entries string
	// From joins items i to the subscriptions sub of the user, always the
	// first argument, and to the user's states st.
	From string
	// EntriesFrom, when set, returns the From of StreamEntries for q in
	// place of From: the same joins, written so that a dialect's planner
	// walks an index in q's order.
	EntriesFrom func(q vigil.StreamQuery) string `sqlflow:"optional"`
	// Where starts the conditions, each of which then begins with AND.
	Where string
	// Unread, Read and Starred are the conditions of the state filters.
	Unread, Read, Starred string
	// After, when set, returns the condition of the items after (at, id)
	// in the order of op (< newest first, > oldest first), its arguments
	// added with add: a row comparison the dialect's planner bounds an
	// index range with. Without it a continuation is the union of two
	// index ranges (StreamEntriesSQL).
	After func(add func(any) string, op string, at, id int64) string `sqlflow:"optional"`
	// MarkRead inserts or updates the read state of what follows it (From
	// and the conditions), up to MarkReadEnd.
	MarkRead, MarkReadEnd string
	// ByIDs builds the query of the items (for store.ScanItem) with those
	// IDs of feeds the user follows, with the user's states, and its
	// arguments.
	ByIDs func(userID int64, ids []int64) (string, []any)
	// ByIDsBatch is the most IDs one ByIDs query reads; 0 reads every one
	// at once.
	ByIDsBatch int
	// Newest returns (feed, newest sort time) of each feed the user $1
	// follows, for store.ReadNewestItems.
	Newest string
}

// StreamEntries lists the items q selects, by sort time and then ID (or by
// ID alone with q.ByID), newest first unless q.OldestFirst. Limit 0 means
// store.DefaultStreamLimit and is at most store.MaxStreamLimit; a negative limit or a
// query without a user is EINVALID.
func (s *Store) StreamEntries(ctx context.Context, q vigil.StreamQuery) ([]vigil.StreamEntry, error) {
	query, args, err := s.StreamEntriesSQL(q)
	if err != nil {
		return nil, err
	}
	rows, err := s.conn.Read().Query(ctx, query, args...)
	return list(&s.d, rows, err, "list stream", store.ScanStreamEntry)
}

// StreamEntriesSQL returns the statement StreamEntries runs for q and its
// arguments, for tests of its plan. Every listing walks an index in its
// order, (sort time, ID), and stops after the page. A continuation past
// q.After is, with a dialect's After, a row comparison; else the union
// of the rest of q.After's tied group (its sort time, the IDs past its ID)
// and the items past its sort time, each a range of the index, merged in
// the listing's order: a planner that bounds a range by the sort time
// alone would read the whole tied group before the cursor on every page.
func (s *Store) StreamEntriesSQL(q vigil.StreamQuery) (string, []any, error) {
	limit, err := store.StreamLimit(q)
	if err != nil {
		return "", nil, err
	}
	a := args{d: &s.d}
	from := s.sql.Stream.From
	if s.sql.Stream.EntriesFrom != nil {
		from = s.sql.Stream.EntriesFrom(q)
	}
	query := s.sql.Stream.Entries + from + s.streamFilter(q, &a)
	if q.After == nil || q.ByID || s.sql.Stream.After != nil {
		query += s.cursorFilter(q, &a)
	} else {
		query += s.tieUnion(q, from, &a)
	}
	return query + store.StreamOrder(q) + ` LIMIT ` + a.add(limit), a.list, nil
}

// tieUnion returns what continues a selection of q's entries after
// q.After without a row comparison: the condition of the rest of
// q.After's tied group, then UNION ALL and the selection of the entries
// past its sort time, adding the arguments to a.
func (s *Store) tieUnion(q vigil.StreamQuery, from string, a *args) string {
	at, op := store.Instant(q.After.At), store.StreamOp(q)
	return `AND i.sort_at = ` + a.add(at) + ` AND i.id ` + op + ` ` + a.add(q.After.ID) + ` UNION ALL ` +
		s.sql.Stream.Entries + from + s.streamFilter(q, a) + `AND i.sort_at ` + op + ` ` + a.add(at) + ` `
}

// streamFilter returns the conditions of q's filters (all but the
// continuation), adding its arguments to a, the user's ID first.
func (s *Store) streamFilter(q vigil.StreamQuery, a *args) string {
	var b strings.Builder
	a.add(q.UserID)
	b.WriteString(s.sql.Stream.Where)
	add := func(cond string) { b.WriteString(`AND ` + cond + ` `) }
	if q.FeedID != 0 {
		add(`i.feed_id = ` + a.add(q.FeedID))
	}
	if q.Folder != "" {
		add(`sub.folder = ` + a.add(q.Folder))
	}
	if q.ExcludeRead {
		add(s.sql.Stream.Unread)
	}
	if q.ReadOnly {
		add(s.sql.Stream.Read)
	}
	if q.StarredOnly {
		add(s.sql.Stream.Starred)
	}
	if !q.Since.IsZero() {
		add(`i.sort_at >= ` + a.add(store.Instant(q.Since)))
	}
	if !q.Until.IsZero() {
		add(`i.sort_at <= ` + a.add(store.Instant(q.Until)))
	}
	if !q.SeenUntil.IsZero() {
		add(`i.seen <= ` + a.add(store.Instant(q.SeenUntil)))
	}
	if q.MinID != 0 {
		add(`i.id >= ` + a.add(q.MinID))
	}
	if q.MaxID != 0 {
		add(`i.id <= ` + a.add(q.MaxID))
	}
	return b.String()
}

// cursorFilter returns the condition that continues a listing after
// q.After in q's order, adding its arguments to a.
func (s *Store) cursorFilter(q vigil.StreamQuery, a *args) string {
	if q.After == nil {
		return ""
	}
	op := store.StreamOp(q)
	if q.ByID {
		return `AND i.id ` + op + ` ` + a.add(q.After.ID) + ` `
	}
	return s.sql.Stream.After(a.add, op, store.Instant(q.After.At), q.After.ID)
}

// ItemsByID returns the items with those IDs that belong to feeds the user
// follows, with the user's read and starred states, in the order asked;
// unknown IDs and items of other feeds are left out. More than
// store.MaxItemsByID IDs is EINVALID.
func (s *Store) ItemsByID(ctx context.Context, userID int64, ids []int64) ([]vigil.Item, error) {
	if err := store.CheckItemIDs(ids); err != nil {
		return nil, err
	}
	batch := s.sql.Stream.ByIDsBatch
	if batch <= 0 {
		batch = max(len(ids), 1)
	}
	items := make([]vigil.Item, 0, len(ids))
	for start := 0; start < len(ids); start += batch {
		part, err := s.itemsByID(ctx, userID, ids[start:min(start+batch, len(ids))])
		if err != nil {
			return nil, err
		}
		items = append(items, part...)
	}
	return items, nil
}

// itemsByID reads one batch of ItemsByID.
func (s *Store) itemsByID(ctx context.Context, userID int64, ids []int64) ([]vigil.Item, error) {
	query, args := s.sql.Stream.ByIDs(userID, ids)
	found, err := s.QueryItems(ctx, "read items", query, args...)
	if err != nil {
		return nil, err
	}
	return store.InIDOrder(ids, found), nil
}

// MarkStreamRead marks read, in one statement, every item q selects that
// vigil first saw at or before until (a zero until means every item; q's
// own Until bounds the sort time); q's order, continuation and limit do
// not apply. It returns how many items changed state.
func (s *Store) MarkStreamRead(ctx context.Context, q vigil.StreamQuery, until time.Time) (int64, error) {
	q, err := store.ReadUnder(q, until)
	if err != nil {
		return 0, err
	}
	a := args{d: &s.d}
	where := s.streamFilter(q, &a)
	query := s.sql.Stream.MarkRead + s.sql.Stream.From + where + s.sql.Stream.MarkReadEnd
	n, err := s.conn.Write().Exec(ctx, query, a.list...)
	if err != nil {
		return 0, s.d.Wrap("mark stream read", err)
	}
	return n, nil
}

// NewestItems returns the sort time of the newest item of each feed the
// user follows, by feed ID, in one query over the items' per-feed index;
// feeds without items are left out.
func (s *Store) NewestItems(ctx context.Context, userID int64) (map[int64]time.Time, error) {
	rows, err := s.conn.Read().Query(ctx, s.sql.Stream.Newest, userID)
	if err != nil {
		return nil, s.d.Wrap("read newest items", err)
	}
	defer rows.Close()
	newest, err := store.ReadNewestItems(rows)
	return newest, s.d.WrapIf("read newest items", err)
}
