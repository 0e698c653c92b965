package websub

import (
	"context"
	"time"

	"vigil"
	"vigil/fetch"
)

// DefaultKeepEvery is how often Run looks over the subscriptions.
const DefaultKeepEvery = time.Minute

// Run keeps the subscriptions (Keep) every period (DefaultKeepEvery when
// zero) until ctx ends.
func (s *Subscriber) Run(ctx context.Context, every time.Duration) error {
	every = orDefault(every, DefaultKeepEvery)
	for {
		s.Keep(ctx)
		select {
		case <-ctx.Done():
			return nil
		case <-time.After(every):
		}
	}
}

// Keep looks over every subscription once: it asks the hub to end those of
// feeds nobody follows any more, renews leases that end within
// RenewBefore (at most half the lease), gives up intents a hub has not
// verified within VerifyWait, and forgets subscriptions that cannot serve
// any more. Failures are logged and tried again at the next look.
func (s *Subscriber) Keep(ctx context.Context) {
	pushes, err := s.Store.Pushes(ctx)
	if err != nil {
		s.log().Error("listing WebSub subscriptions", "error", err)
		return
	}
	for _, p := range pushes {
		if ctx.Err() != nil {
			return
		}
		if err := s.keepOne(ctx, p); err != nil {
			s.log().Warn("keeping a WebSub subscription", "feed", p.FeedID, "hub", fetch.RedactURL(p.Hub), "error", err)
		}
	}
}

// keepOne does what Keep does for one subscription.
func (s *Subscriber) keepOne(ctx context.Context, p vigil.Push) error {
	followed, err := s.followed(ctx, p.FeedID)
	if err != nil {
		return err
	}
	now := s.now()
	waited := now.Sub(p.Requested) >= orDefault(s.VerifyWait, DefaultVerifyWait)
	switch {
	case !followed && p.State == vigil.PushLeaving:
		if waited { // the hub never verified: its lease ends on its own
			return s.Store.RemovePush(ctx, p.FeedID)
		}
	case !followed && p.State == vigil.PushDenied:
		return s.Store.RemovePush(ctx, p.FeedID)
	case !followed:
		return s.request(ctx, p, "unsubscribe")
	case p.State == vigil.PushPending && waited:
		p.State, p.LeaseUntil = vigil.PushDenied, time.Time{}
		p.Note = "the hub did not verify the subscription in time"
		return s.Store.SavePush(ctx, p)
	case p.State == vigil.PushActive && !now.Before(p.LeaseUntil.Add(-s.renewBefore(p))):
		return s.request(ctx, p, "subscribe")
	}
	return nil
}

// followed reports whether anyone follows the feed (a removed feed is
// followed by no one).
func (s *Subscriber) followed(ctx context.Context, feedID int64) (bool, error) {
	f, err := s.Store.Feed(ctx, feedID)
	if vigil.ErrorCode(err) == vigil.ENOTFOUND {
		return false, nil
	}
	if err != nil {
		return false, err
	}
	return f.Subscribers > 0, nil
}

// renewBefore is how long before p's lease ends it is renewed:
// RenewBefore, or half the lease the hub granted when that is shorter.
func (s *Subscriber) renewBefore(p vigil.Push) time.Duration {
	return min(orDefault(s.RenewBefore, DefaultRenewBefore), p.LeaseUntil.Sub(p.Requested)/2)
}
