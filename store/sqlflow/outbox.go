package sqlflow

import (
	"context"
	"time"

	"vigil"
	"vigil/store"
)

// MatchItemAlerts reads the alert rules that cover a feed, outside any
// transaction, and matches against them the items of a fetch of it that
// are not stored yet (store.MatchItems, with the store's cache of
// compiled rules): both stores' item ingests call it before their write
// transaction begins, so that matching, however long, holds no lock that
// writers wait on. A rule added meanwhile applies from the feed's next
// fetch on. It returns ctx's error when ctx is done before matching ends,
// and nil when no rule covers the feed, or when the feed has had no
// successful fetch yet (RuleTargets finds none): the items of its first are
// its backlog, which its followers read in their lists but which is not
// news to alert them of.
func (s *Store) MatchItemAlerts(ctx context.Context, feedID int64, items []vigil.Item) (*store.AlertMatch, error) {
	if len(items) == 0 {
		return nil, nil
	}
	rows, err := s.conn.Read().Query(ctx, s.sql.Alert.RuleTargets, feedID, vigil.MaxAlertRulesPerUser)
	targets, err := list(&s.d, rows, err, "read alert rules", scanRuleTarget)
	if err != nil || len(targets) == 0 {
		return nil, err
	}
	unstored, err := s.unstoredItems(ctx, feedID, store.UniqueItems(feedID, items))
	if err != nil {
		return nil, err
	}
	return store.MatchItems(ctx, s.rules, targets, unstored)
}

// unstoredItems returns the items whose keys the feed has no item under:
// those the ingest will find new (unless another stores them first).
func (s *Store) unstoredItems(ctx context.Context, feedID int64, items []vigil.Item) ([]vigil.Item, error) {
	keys := make([]string, len(items))
	for i, it := range items {
		keys[i] = it.Key
	}
	arg, err := s.d.Keys(keys)
	if err != nil {
		return nil, s.d.Wrap("look up stored items for alerts", err)
	}
	rows, err := s.conn.Read().Query(ctx, s.sql.Alert.StoredKeys, feedID, arg)
	stored, err := list(&s.d, rows, err, "look up stored items for alerts", scanKey)
	if err != nil {
		return nil, err
	}
	known := make(map[string]bool, len(stored))
	for _, k := range stored {
		known[k] = true
	}
	unstored := items[:0]
	for _, it := range items {
		if !known[it.Key] {
			unstored = append(unstored, it)
		}
	}
	return unstored, nil
}

// scanKey reads a key.
func scanKey(r store.Row) (*string, error) {
	var k string
	return &k, r.Scan(&k)
}

// QueueItemAlerts writes to the outbox, through q (the ingest's
// transaction), the messages of the new items of a fetch that m (from
// MatchItemAlerts) matched (store.AlertMatch.Messages), due at now, so
// that a message exists exactly when its item does.
func (s *Store) QueueItemAlerts(ctx context.Context, q Querier, m *store.AlertMatch, items []vigil.Item, now time.Time) error {
	msgs, err := m.Messages(ctx, items)
	if err != nil {
		return err
	}
	return s.enqueue(ctx, q, msgs, now)
}

// queueChangeAlerts writes to the outbox, in the page ingest's
// transaction, the messages a new change of the page causes
// (store.ChangeAlerts).
func (s *Store) queueChangeAlerts(ctx context.Context, tx Tx, feedID, changeID int64, c store.NewChange, now time.Time) error {
	rows, err := tx.Query(ctx, s.sql.Alert.FollowTargets, feedID)
	targets, err := list(&s.d, rows, err, "read page followers' channels", scanFollowTarget)
	if err != nil || len(targets) == 0 {
		return err
	}
	page, err := store.ScanFeed(tx.QueryRow(ctx, s.sql.PageVersion.ReadFeed, feedID))
	if err != nil {
		return s.d.Wrap("read page for alerts", err)
	}
	return s.enqueue(ctx, tx, store.ChangeAlerts(targets, *page, changeID, c), now)
}

// enqueue stores messages due at now.
func (s *Store) enqueue(ctx context.Context, q Querier, msgs []store.NewMessage, now time.Time) error {
	for _, m := range msgs {
		_, err := q.Exec(ctx, s.sql.Alert.Enqueue, m.ChannelID, m.Kind, m.RefID,
			s.d.text(m.Title), s.d.text(m.Link), s.d.text(m.Text), store.Nanos(now), store.Nanos(now))
		if err != nil {
			return s.d.Wrap("queue alert", err)
		}
	}
	return nil
}

// scanID reads an ID.
func scanID(r store.Row) (*int64, error) {
	var id int64
	return &id, r.Scan(&id)
}

// scanRuleTarget reads (channel ID, rule ID, query).
func scanRuleTarget(r store.Row) (*store.RuleTarget, error) {
	var t store.RuleTarget
	return &t, r.Scan(&t.ChannelID, &t.RuleID, &t.Query)
}

// scanFollowTarget reads (channel ID, user ID, threshold).
func scanFollowTarget(r store.Row) (*store.FollowTarget, error) {
	var t store.FollowTarget
	return &t, r.Scan(&t.ChannelID, &t.UserID, &t.Threshold)
}

// ClaimMessages takes channels whose rate limit allows a sending and
// leases their due messages to the claim's owner, in one transaction.
func (s *Store) ClaimMessages(ctx context.Context, c store.MessageClaim) ([]store.Message, error) {
	if c.Owner == "" || c.Channels <= 0 || c.Lease <= 0 || c.Gap < 0 {
		return nil, vigil.Errorf(vigil.EINVALID, "a claim needs an owner, a positive channel limit and lease, and a gap of 0 or more")
	}
	tx, err := s.conn.Begin(ctx)
	if err != nil {
		return nil, s.d.Wrap("begin message claim", err)
	}
	defer tx.Rollback(ctx)
	now := store.Nanos(c.Now)
	rows, err := tx.Query(ctx, s.sql.Alert.ClaimChannels, store.Nanos(c.Now.Add(c.Gap)), now, c.Channels)
	channels, err := list(&s.d, rows, err, "claim channels", scanID)
	if err != nil || len(channels) == 0 {
		return nil, err
	}
	msgs, err := s.claimOf(ctx, tx, c, channels)
	if err != nil {
		return nil, err
	}
	return msgs, s.d.WrapIf("commit message claim", tx.Commit(ctx))
}

// claimOf leases the due messages of channels and reads them.
func (s *Store) claimOf(ctx context.Context, tx Tx, c store.MessageClaim, channels []int64) ([]store.Message, error) {
	channelList, err := s.d.IDs(channels)
	if err != nil {
		return nil, s.d.Wrap("claim messages", err)
	}
	rows, err := tx.Query(ctx, s.sql.Alert.Claim, c.Owner, store.Nanos(c.Now.Add(c.Lease)), store.Nanos(c.Now), channelList)
	ids, err := list(&s.d, rows, err, "claim messages", scanID)
	if err != nil || len(ids) == 0 {
		return nil, err
	}
	idList, err := s.d.IDs(ids)
	if err != nil {
		return nil, s.d.Wrap("claim messages", err)
	}
	rows, err = tx.Query(ctx, s.sql.Alert.Claimed, idList)
	return list(&s.d, rows, err, "read claimed messages", store.ScanMessage)
}

// MessagesSent deletes the messages owner holds of ids.
func (s *Store) MessagesSent(ctx context.Context, owner string, ids []int64) error {
	return s.onClaimed(ctx, "delete sent messages", s.sql.Alert.Sent, owner, ids)
}

// MessagesFailed makes the messages owner holds of ids due again at retry.
func (s *Store) MessagesFailed(ctx context.Context, owner string, ids []int64, retry time.Time) error {
	return s.onClaimed(ctx, "reschedule messages", s.sql.Alert.Retry, owner, ids, store.Nanos(retry))
}

// onClaimed runs query with owner, the ID list and extra arguments.
func (s *Store) onClaimed(ctx context.Context, op, query, owner string, ids []int64, extra ...any) error {
	if len(ids) == 0 {
		return nil
	}
	list, err := s.d.IDs(ids)
	if err != nil {
		return s.d.Wrap(op, err)
	}
	_, err = s.conn.Write().Exec(ctx, query, append([]any{owner, list}, extra...)...)
	return s.d.WrapIf(op, err)
}

// PendingMessages counts the messages not sent yet.
func (s *Store) PendingMessages(ctx context.Context) (int, error) {
	return s.count(ctx, "count pending messages", s.sql.Alert.Pending)
}
