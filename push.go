package vigil

import "time"

// PushState is where a feed's WebSub subscription stands.
type PushState string

// Push states. A feed is fed by its hub only while its subscription is
// PushActive; in every other state it is polled as any other feed.
const (
	// PushPending: vigil asked the hub and waits for it to verify the
	// intent; a renewal of a lease not yet ended is still fed.
	PushPending PushState = "pending"
	// PushActive: the hub verified the subscription; its lease runs until
	// LeaseUntil.
	PushActive PushState = "active"
	// PushSilent: a verification poll found items the hub never pushed,
	// so the feed is polled again until a renewal makes it active.
	PushSilent PushState = "silent"
	// PushDenied: the hub refused or failed the subscription.
	PushDenied PushState = "denied"
	// PushLeaving: vigil asked the hub to end the subscription (the last
	// follower left) and waits for it to verify the intent.
	PushLeaving PushState = "leaving"
)

// Push is a feed's WebSub subscription at a hub: what vigil asked, what
// the hub verified, and what vigil knows about its health.
type Push struct {
	FeedID int64     `json:"feed_id"`
	Hub    string    `json:"hub"`
	Topic  string    `json:"topic"`
	State  PushState `json:"state"`
	// Key is the unguessable last part of the callback URL; Secret the
	// hub.secret the hub signs content with. Both stay out of JSON.
	Key    string `json:"-"`
	Secret string `json:"-"`
	// Requested is when vigil last sent a (un)subscription request, or
	// found the hub silent.
	Requested time.Time `json:"requested_at,omitzero"`
	// LeaseUntil is when the hub's verified lease ends.
	LeaseUntil time.Time `json:"lease_until,omitzero"`
	// LastPush is when the hub last delivered content.
	LastPush time.Time `json:"last_push,omitzero"`
	// Note says in words why the subscription is not active, if it is not.
	Note string `json:"note,omitempty"`
}

// Fed reports whether the hub feeds the feed at now: an active
// subscription, or one being renewed, whose lease has not ended.
func (p *Push) Fed(now time.Time) bool {
	return p != nil && (p.State == PushActive || p.State == PushPending) && now.Before(p.LeaseUntil)
}
