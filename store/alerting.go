package store

import (
	"context"
	"database/sql"
	"time"

	"vigil"
)

// Alerting is what vigil sends users as it happens: their channels, their
// alert rules over feeds, and the outbox of messages waiting to be sent.
// Ingests write the outbox in the same transaction as the items and page
// changes that cause its messages (see MatchItems, ChangeAlerts), so
// a message is never lost between storing and sending; senders claim
// messages with leases, so that several processes sharing a database
// never send one at the same time.
type Alerting interface {
	// AddChannel stores a channel of the user (URL and Created set) and
	// returns its ID; the same URL twice for a user is ECONFLICT.
	AddChannel(ctx context.Context, c vigil.Channel) (int64, error)
	// Channels lists the user's channels by ID.
	Channels(ctx context.Context, userID int64) ([]vigil.Channel, error)
	// Channel returns one of the user's channels, with its URL, or
	// ENOTFOUND.
	Channel(ctx context.Context, userID, channelID int64) (*vigil.Channel, error)
	// RemoveChannel deletes one of the user's channels and its pending
	// messages, or reports ENOTFOUND.
	RemoveChannel(ctx context.Context, userID, channelID int64) error
	// RecordDelivery notes how a delivery to a channel ended at: errText
	// empty when it went through (the failures are forgotten), else why
	// it failed (counted).
	RecordDelivery(ctx context.Context, channelID int64, at time.Time, errText string) error

	// AddAlertRule stores a rule (UserID, Query, FeedID or 0, Created) and
	// returns its ID; a query with no word or over the limits on a rule
	// (ParseAlertQuery), a user with vigil.MaxAlertRulesPerUser rules
	// already, or a feed the user does not subscribe to, is EINVALID.
	AddAlertRule(ctx context.Context, r vigil.AlertRule) (int64, error)
	// AlertRules lists the user's rules by ID, with Inert set on those
	// stored before the limits that exceed one (MarkInertRules).
	AlertRules(ctx context.Context, userID int64) ([]vigil.AlertRule, error)
	// RemoveAlertRule deletes one of the user's rules, or reports
	// ENOTFOUND.
	RemoveAlertRule(ctx context.Context, userID, ruleID int64) error

	// ClaimMessages takes up to c.Channels channels that have messages
	// due at c.Now and were not taken in the last c.Gap (the channels'
	// rate limit, over every process), and leases their due messages not
	// leased by anyone else to c.Owner until c.Now+c.Lease; it returns
	// them, oldest first, with their channels' URLs.
	ClaimMessages(ctx context.Context, c MessageClaim) ([]Message, error)
	// MessagesSent deletes the messages of ids that owner still holds.
	MessagesSent(ctx context.Context, owner string, ids []int64) error
	// MessagesFailed ends owner's leases on the messages of ids, counts an
	// attempt on each and makes them due again at retry.
	MessagesFailed(ctx context.Context, owner string, ids []int64, retry time.Time) error
	// PendingMessages counts the messages not sent yet.
	PendingMessages(ctx context.Context) (int, error)
}

// MessageClaim is what a sender asks of ClaimMessages.
type MessageClaim struct {
	Owner    string
	Now      time.Time
	Lease    time.Duration
	Gap      time.Duration
	Channels int
}

// Message is one alert waiting in the outbox for one channel.
type Message struct {
	ID        int64
	ChannelID int64
	// URL is the channel's URL: a secret, for the sender only.
	URL string
	// Kind is "item" (RefID an item) or "change" (RefID a page change).
	Kind     string
	RefID    int64
	Title    string
	Link     string
	Text     string
	Created  time.Time
	Attempts int
}

// ScanChannel reads a channel: id, user_id, url, shown, created_at,
// failures, last_error, last_error_at, last_sent_at. What is shown of the
// URL, and of its last error, is worked out again from the URL as it is
// read, so that a row stored under an older, looser rule shows no secret
// either.
func ScanChannel(r Row) (*vigil.Channel, error) {
	var c vigil.Channel
	var created, errAt, sent sql.NullInt64
	err := r.Scan(&c.ID, &c.UserID, &c.URL, &c.Shown, &created, &c.Failures, &c.LastError, &errAt, &sent)
	if err != nil {
		return nil, err
	}
	c.Created, c.LastErrorAt, c.LastSent = FromNanos(created), FromNanos(errAt), FromNanos(sent)
	c.Shown, c.LastError = vigil.HideURL(c.URL), vigil.HideSecrets(c.URL, c.LastError)
	return &c, nil
}

// ScanAlertRule reads a rule: id, user_id, feed_id (NULL for every feed),
// query, created_at.
func ScanAlertRule(r Row) (*vigil.AlertRule, error) {
	var a vigil.AlertRule
	var feed, created sql.NullInt64
	if err := r.Scan(&a.ID, &a.UserID, &feed, &a.Query, &created); err != nil {
		return nil, err
	}
	a.FeedID, a.Created = feed.Int64, FromNanos(created)
	return &a, nil
}

// ScanMessage reads a message: id, channel_id, the channel's url, kind,
// ref_id, title, link, body, created_at, attempts.
func ScanMessage(r Row) (*Message, error) {
	var m Message
	var created sql.NullInt64
	err := r.Scan(&m.ID, &m.ChannelID, &m.URL, &m.Kind, &m.RefID, &m.Title, &m.Link, &m.Text, &created, &m.Attempts)
	if err != nil {
		return nil, err
	}
	m.Created = FromNanos(created)
	return &m, nil
}
