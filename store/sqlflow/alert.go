package sqlflow

import (
	"context"
	"database/sql"
	"errors"
	"strings"
	"time"

	"vigil"
	"vigil/store"
)

// AlertSQL is the text of the channel, alert rule and outbox statements.
// The column list of each channel query is store.ScanChannel's, of each
// rule query store.ScanAlertRule's and of each message query
// store.ScanMessage's.
type AlertSQL struct {
	// AddChannel stores a channel (user, url, shown, created) and returns
	// its ID.
	AddChannel string
	// Channels returns the channels of the user $1 by ID.
	Channels string
	// Channel returns the channel $2 of the user $1.
	Channel string
	// RemoveChannel deletes the channel $2 of the user $1.
	RemoveChannel string
	// Delivered forgets the failures of the channel $1 and sets its last
	// sending to $2.
	Delivered string
	// Failed counts a failure of the channel $1 with the error $2 at $3.
	Failed string

	// AddRule stores a rule (user, feed or NULL, query, created) and
	// returns its ID.
	AddRule string
	// Subscribed returns 1 when the user $1 subscribes to the feed $2.
	Subscribed string
	// Rules returns the rules of the user $1 by ID.
	Rules string
	// RemoveRule deletes the rule $2 of the user $1.
	RemoveRule string

	// LockUser returns the ID of the user $1, locking the user's row
	// against concurrent rule additions until the transaction ends; no
	// row for an unknown user.
	LockUser string
	// CountRules returns how many alert rules the user $1 has. It runs
	// after LockUser as a statement of its own, so that it sees the rules
	// the transactions it waited for added.
	CountRules string

	// RuleTargets returns (channel ID, rule ID, query) for every rule that
	// covers the feed $1 (one for it, or for every feed of a user
	// subscribed to it) and is among its user's first $2 rules by ID, once
	// for each channel of the rule's user, by channel and rule; none while
	// the feed has had no successful fetch (its first brings its backlog).
	RuleTargets string
	// StoredKeys returns the keys of the list $2 that the feed $1 has
	// items under.
	StoredKeys string
	// FollowTargets returns (channel ID, threshold, 'significant' when the
	// follower never set one) for every follower of the page $1, once for
	// each of the follower's channels.
	FollowTargets string
	// Enqueue stores a message (channel, kind, ref, title, link, body,
	// created, due) unless its channel has one of that kind and ref.
	Enqueue string
	// ClaimChannels sets to $1 the send_after of up to $3 channels whose
	// send_after is at or before $2 and that have a message due at $2
	// whose lease ended before $2, returning their IDs; concurrent claims
	// never take one channel.
	ClaimChannels string
	// Claim leases to the owner $1 until $2 the messages of the channels
	// of the ID list $4 due at $3 whose lease ended before $3, returning
	// their IDs.
	Claim string
	// Claimed returns the messages of the ID list $1, with their
	// channels' URLs, by ID.
	Claimed string
	// Sent deletes the messages of the ID list $2 leased to the owner $1.
	Sent string
	// Retry ends the lease of the owner $1 on the messages of the ID list
	// $2, counts an attempt and makes them due at $3.
	Retry string
	// Pending counts the messages in the outbox.
	Pending string
}

// AddChannel stores a user's channel and returns its ID; an empty URL is
// EINVALID, one the user has already ECONFLICT, an unknown user
// ENOTFOUND. Which services a URL may name is the sender's to check.
func (s *Store) AddChannel(ctx context.Context, c vigil.Channel) (int64, error) {
	c.URL = strings.TrimSpace(c.URL)
	if c.URL == "" || !strings.Contains(c.URL, "://") {
		return 0, vigil.Errorf(vigil.EINVALID, "channel URL is empty or has no scheme (want e.g. ntfy://ntfy.example.org/topic)")
	}
	var id int64
	err := s.conn.Write().QueryRow(ctx, s.sql.Alert.AddChannel, c.UserID, s.d.text(c.URL), s.d.text(vigil.HideURL(c.URL)), store.Nanos(c.Created)).Scan(&id)
	switch {
	case s.d.IsUnique(err):
		return 0, vigil.Errorf(vigil.ECONFLICT, "you have this channel already")
	case s.d.IsForeignKey(err):
		return 0, vigil.Errorf(vigil.ENOTFOUND, "user %d not found", c.UserID)
	case err != nil:
		return 0, s.d.Wrap("add channel", err)
	}
	return id, nil
}

// Channels lists a user's channels by ID.
func (s *Store) Channels(ctx context.Context, userID int64) ([]vigil.Channel, error) {
	rows, err := s.conn.Read().Query(ctx, s.sql.Alert.Channels, userID)
	return list(&s.d, rows, err, "list channels", store.ScanChannel)
}

// Channel returns one of a user's channels, or ENOTFOUND.
func (s *Store) Channel(ctx context.Context, userID, channelID int64) (*vigil.Channel, error) {
	c, err := store.ScanChannel(s.conn.Read().QueryRow(ctx, s.sql.Alert.Channel, userID, channelID))
	return found(&s.d, c, err, "read channel", "channel %d not found", channelID)
}

// RemoveChannel deletes one of a user's channels with its pending messages.
func (s *Store) RemoveChannel(ctx context.Context, userID, channelID int64) error {
	n, err := s.conn.Write().Exec(ctx, s.sql.Alert.RemoveChannel, userID, channelID)
	if err != nil {
		return s.d.Wrap("remove channel", err)
	}
	return requireRow(n, "channel %d not found", channelID)
}

// RecordDelivery notes how a delivery to a channel ended.
func (s *Store) RecordDelivery(ctx context.Context, channelID int64, at time.Time, errText string) error {
	var err error
	if errText == "" {
		_, err = s.conn.Write().Exec(ctx, s.sql.Alert.Delivered, channelID, store.Nanos(at))
	} else {
		_, err = s.conn.Write().Exec(ctx, s.sql.Alert.Failed, channelID, s.d.text(errText), store.Nanos(at))
	}
	return s.d.WrapIf("record delivery", err)
}

// AddAlertRule stores a user's rule. A query with no word or over the
// limits on a rule's size (store.ParseAlertQuery), a user who has
// vigil.MaxAlertRulesPerUser rules already, or a feed the user does not
// subscribe to is EINVALID; an unknown user ENOTFOUND. The count and the
// insert share a transaction that locks the user, so that concurrent
// additions cannot pass the limit together.
func (s *Store) AddAlertRule(ctx context.Context, r vigil.AlertRule) (int64, error) {
	r.Query = strings.TrimSpace(r.Query)
	if _, err := store.ParseAlertQuery(r.Query); err != nil {
		return 0, err
	}
	feed := sql.NullInt64{Int64: r.FeedID, Valid: r.FeedID != 0}
	if err := s.checkRuleFeed(ctx, r); err != nil {
		return 0, err
	}
	tx, err := s.conn.Begin(ctx)
	if err != nil {
		return 0, s.d.Wrap("begin adding alert rule", err)
	}
	defer tx.Rollback(ctx)
	if err := s.checkRuleCount(ctx, tx, r.UserID); err != nil {
		return 0, err
	}
	var id int64
	err = tx.QueryRow(ctx, s.sql.Alert.AddRule, r.UserID, feed, s.d.text(r.Query), store.Nanos(r.Created)).Scan(&id)
	if err != nil {
		return 0, s.d.Wrap("add alert rule", err)
	}
	return id, s.d.WrapIf("commit alert rule", tx.Commit(ctx))
}

// checkRuleCount locks the user in tx and reports, as EINVALID, a user
// who may add no more rules; an unknown user is ENOTFOUND.
func (s *Store) checkRuleCount(ctx context.Context, tx Tx, userID int64) error {
	var id int64
	err := tx.QueryRow(ctx, s.sql.Alert.LockUser, userID).Scan(&id)
	if errors.Is(err, ErrNoRows) {
		return vigil.Errorf(vigil.ENOTFOUND, "user %d not found", userID)
	}
	if err != nil {
		return s.d.Wrap("lock user for alert rule", err)
	}
	var n int
	if err := tx.QueryRow(ctx, s.sql.Alert.CountRules, userID).Scan(&n); err != nil {
		return s.d.Wrap("count alert rules", err)
	}
	return store.CheckAlertRuleCount(n)
}

// checkRuleFeed reports, as EINVALID, a rule for one feed whose user does
// not subscribe to it.
func (s *Store) checkRuleFeed(ctx context.Context, r vigil.AlertRule) error {
	if r.FeedID == 0 {
		return nil
	}
	var one int
	err := s.conn.Read().QueryRow(ctx, s.sql.Alert.Subscribed, r.UserID, r.FeedID).Scan(&one)
	if errors.Is(err, ErrNoRows) {
		return vigil.Errorf(vigil.EINVALID, "you do not follow feed %d: an alert rule for one feed needs you to follow it", r.FeedID)
	}
	return s.d.WrapIf("check subscription", err)
}

// AlertRules lists a user's rules by ID, with Inert set on those that
// match nothing for exceeding a limit (store.MarkInertRules).
func (s *Store) AlertRules(ctx context.Context, userID int64) ([]vigil.AlertRule, error) {
	rows, err := s.conn.Read().Query(ctx, s.sql.Alert.Rules, userID)
	rules, err := list(&s.d, rows, err, "list alert rules", store.ScanAlertRule)
	store.MarkInertRules(rules)
	return rules, err
}

// RemoveAlertRule deletes one of a user's rules.
func (s *Store) RemoveAlertRule(ctx context.Context, userID, ruleID int64) error {
	n, err := s.conn.Write().Exec(ctx, s.sql.Alert.RemoveRule, userID, ruleID)
	if err != nil {
		return s.d.Wrap("remove alert rule", err)
	}
	s.rules.Forget(ruleID)
	return requireRow(n, "alert rule %d not found", ruleID)
}
