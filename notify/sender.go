package notify

import (
	"context"
	"fmt"
	"log/slog"
	"os"
	"strconv"
	"strings"
	"time"

	"vigil/store"
)

// The sender's defaults.
const (
	DefaultEvery     = 2 * time.Second
	DefaultLease     = 2 * time.Minute
	DefaultBatchFrom = 4
	DefaultGap       = 2 * time.Second
	batchLines       = 50
	DefaultWait      = 15 * time.Second
	firstRetry       = time.Second
	lastRetry        = time.Hour
	claimChannels    = 100
)

// Sender delivers the messages of a store's outbox. Each pass claims the
// channels with due messages that no sender took in the last Gap, and
// their due messages (leased to this sender, so other processes skip
// them), and sends each channel at most BatchFrom-1 messages: a burst of
// BatchFrom or more goes as one message listing them. Gap is the
// channels' rate limit, over every process sharing the store. A message whose sending fails is retried after a backoff that
// doubles from a second to an hour, and the channel shows the failure,
// with its error, until a sending goes through.
type Sender struct {
	Store store.Alerting
	// Owner names this sender in its leases; empty: host name and process
	// ID.
	Owner string
	// AllowPrivate lifts the address guard from the sends' dials.
	AllowPrivate bool
	// BaseURL is vigil's public URL, for links to its own view of an item
	// or change; may be empty.
	BaseURL string
	// Every is the time between passes of Run; BatchFrom the size of a
	// channel's burst sent as one message; Lease how long a claim holds;
	// Gap the least time between two claims of one channel.
	Every     time.Duration
	BatchFrom int
	Lease     time.Duration
	Gap       time.Duration
	// Now is the clock; nil: time.Now.
	Now func() time.Time
	Log *slog.Logger
}

// withDefaults fills the unset fields.
func (s *Sender) withDefaults() {
	if s.Owner == "" {
		host, _ := os.Hostname()
		s.Owner = host + ":" + strconv.Itoa(os.Getpid())
	}
	if s.Every <= 0 {
		s.Every = DefaultEvery
	}
	if s.BatchFrom <= 1 {
		s.BatchFrom = DefaultBatchFrom
	}
	if s.Lease <= 0 {
		s.Lease = DefaultLease
	}
	if s.Gap <= 0 {
		s.Gap = DefaultGap
	}
	if s.Now == nil {
		s.Now = time.Now
	}
	if s.Log == nil {
		s.Log = slog.New(slog.DiscardHandler)
	}
}

// Run sends what is due every Every until ctx ends.
func (s *Sender) Run(ctx context.Context) {
	s.withDefaults()
	t := time.NewTicker(s.Every)
	defer t.Stop()
	for {
		if _, err := s.Pass(ctx); err != nil && ctx.Err() == nil {
			s.Log.Warn("sending alerts failed", "err", err)
		}
		select {
		case <-ctx.Done():
			return
		case <-t.C:
		}
	}
}

// Drain sends what is due, then keeps retrying what is left, once a
// second, for at most wait: the end of a cron fetch, which has no later
// pass. It returns how many messages went through and how many still
// wait.
func (s *Sender) Drain(ctx context.Context, wait time.Duration) (sent, left int, err error) {
	s.withDefaults()
	deadline := s.Now().Add(wait)
	for {
		n, err := s.Pass(ctx)
		sent += n
		if err != nil {
			return sent, 0, err
		}
		left, err = s.Store.PendingMessages(ctx)
		if err != nil || left == 0 || !s.Now().Before(deadline) {
			return sent, left, err
		}
		select {
		case <-ctx.Done():
			return sent, left, ctx.Err()
		case <-time.After(time.Second):
		}
	}
}

// Pass claims the due messages and sends them, and returns how many went
// through. It starts no channel's sending once half the lease has gone:
// a send's requests end within SendTimeout (10 seconds), so a lease of 20
// seconds or more ends after the last send this sender started.
func (s *Sender) Pass(ctx context.Context) (int, error) {
	s.withDefaults()
	claimed := s.Now()
	msgs, err := s.Store.ClaimMessages(ctx, store.MessageClaim{Owner: s.Owner, Now: claimed, Lease: s.Lease, Gap: s.Gap, Channels: claimChannels})
	if err != nil {
		return 0, err
	}
	sent := 0
	for _, group := range byChannel(msgs) {
		if s.Now().Sub(claimed) > s.Lease/2 {
			break // the rest is left to expire and be claimed again, rather than sent late under a lease about to end
		}
		n, err := s.sendChannel(ctx, group)
		if err != nil {
			return sent, err
		}
		sent += n
	}
	return sent, nil
}

// byChannel groups messages by channel, in the order they came.
func byChannel(msgs []store.Message) [][]store.Message {
	index := map[int64]int{}
	var groups [][]store.Message
	for _, m := range msgs {
		i, ok := index[m.ChannelID]
		if !ok {
			i = len(groups)
			index[m.ChannelID] = i
			groups = append(groups, nil)
		}
		groups[i] = append(groups[i], m)
	}
	return groups
}

// sendChannel sends one channel's messages: each on its own, or a burst
// as one.
func (s *Sender) sendChannel(ctx context.Context, msgs []store.Message) (int, error) {
	if len(msgs) >= s.BatchFrom {
		title := fmt.Sprintf("%d new alerts", len(msgs))
		return s.deliver(ctx, msgs, title, title+"\n"+s.batchText(msgs))
	}
	sent := 0
	for _, m := range msgs {
		n, err := s.deliver(ctx, []store.Message{m}, m.Title, s.text(m))
		if err != nil {
			return sent, err
		}
		sent += n
	}
	return sent, nil
}

// deliver sends one message standing for msgs and records the outcome.
func (s *Sender) deliver(ctx context.Context, msgs []store.Message, title, text string) (int, error) {
	ids := make([]int64, len(msgs))
	for i, m := range msgs {
		ids[i] = m.ID
	}
	channel := msgs[0].ChannelID
	_, sendErr := Send(msgs[0].URL, title, text, s.AllowPrivate)
	now := s.Now()
	if sendErr != nil {
		why := sendErr.Error()
		s.Log.Warn("alert not delivered; will retry", "channel", channel, "messages", len(msgs), "err", why)
		if err := s.Store.RecordDelivery(ctx, channel, now, why); err != nil {
			return 0, err
		}
		return 0, s.Store.MessagesFailed(ctx, s.Owner, ids, now.Add(backoff(msgs[0].Attempts)))
	}
	if err := s.Store.MessagesSent(ctx, s.Owner, ids); err != nil {
		return 0, err
	}
	return len(msgs), s.Store.RecordDelivery(ctx, channel, now, "")
}

// backoff is the wait before the next attempt after attempts failed ones
// and this one: a second, doubling, at most an hour.
func backoff(attempts int) time.Duration {
	d := firstRetry
	for i := 0; i < attempts && d < lastRetry; i++ {
		d *= 2
	}
	return min(d, lastRetry)
}

// text is the body of one message: its title (which services without a
// title field, a plain webhook among them, would lose otherwise), link,
// snippet and vigil's view.
func (s *Sender) text(m store.Message) string {
	lines := []string{}
	for _, l := range []string{m.Title, m.Link, m.Text, s.view(m)} {
		if l != "" {
			lines = append(lines, l)
		}
	}
	return strings.Join(lines, "\n")
}

// batchText lists a burst's messages, one line each.
func (s *Sender) batchText(msgs []store.Message) string {
	var b strings.Builder
	for i, m := range msgs {
		if i == batchLines {
			fmt.Fprintf(&b, "and %d more\n", len(msgs)-i)
			break
		}
		fmt.Fprintf(&b, "- %s", m.Title)
		if m.Link != "" {
			fmt.Fprintf(&b, " %s", m.Link)
		}
		b.WriteString("\n")
	}
	if view := s.view(msgs[0]); view != "" {
		fmt.Fprintf(&b, "more in vigil: %s\n", strings.TrimRight(s.BaseURL, "/")+map[string]string{store.KindItem: "/items", store.KindChange: "/updates"}[msgs[0].Kind])
	}
	return strings.TrimRight(b.String(), "\n")
}

// view is the link to vigil's own view of a message's item or change, or
// "" without a BaseURL.
func (s *Sender) view(m store.Message) string {
	if s.BaseURL == "" {
		return ""
	}
	path := "/items/"
	if m.Kind == store.KindChange {
		path = "/changes/"
	}
	return "in vigil: " + strings.TrimRight(s.BaseURL, "/") + path + strconv.FormatInt(m.RefID, 10)
}
