package digest

import (
	"context"
	"errors"
	"log/slog"
	"net/http"
	"time"

	"vigil"
	"vigil/clock"
	"vigil/updates"
)

// Runner sends the daily digests.
type Runner struct {
	// Store holds the digest settings, the claims and the changes.
	Store Store
	Clock clock.Clock
	// Mail sends the e-mails; nil sends none (webhooks still go out).
	Mail *SMTP
	// Webhooks posts to users' webhooks; nil posts none.
	Webhooks *http.Client
	// Location is the time zone whose days the digests cover; nil is UTC.
	Location *time.Location
	// BaseURL is the server's public URL, for links; may be empty.
	BaseURL string
	// Folder tunes how changes are judged (the ratings' weights); the zero
	// value means updates' defaults.
	Folder updates.Config
	// Every is how often Run looks for a day to send; 0 means 5 minutes.
	Every time.Duration
	// CatchUp is how many finished days, at most, Run's first pass looks
	// back over for digests not sent while vigil was down; 0 means 7. It
	// starts at the latest day a digest was claimed for, so a restart
	// sends the days it missed and never a day from before vigil first
	// sent one (an installation that never sent a digest starts with
	// yesterday).
	CatchUp int
	Log     *slog.Logger
}

// Sent counts what one day's sending did.
type Sent struct {
	Mails, Webhooks, Empty, Failed int
	// Unmailed counts the users with a digest e-mail address whose e-mail
	// could not go out because the Runner has no Mail server; their day is
	// left unclaimed unless a webhook took it.
	Unmailed int
	// Before counts the users whose digest of the day went out before,
	// which is not sent again.
	Before int
}

// Run sends the digest of each day once that day is over, until ctx ends.
// Its first pass also sends the days missed while vigil was down (see
// CatchUp); later passes send yesterday's, retrying what failed.
func (r *Runner) Run(ctx context.Context) error {
	every := r.Every
	if every <= 0 {
		every = 5 * time.Minute
	}
	from, err := r.firstDay(ctx)
	if err != nil {
		r.log().Error("finding the digests missed while vigil was down", "error", err)
	}
	for {
		yesterday := r.noon(r.Clock.Now(), -1)
		if from.IsZero() || from.After(yesterday) {
			from = yesterday
		}
		for d := from; !d.After(yesterday); d = d.AddDate(0, 0, 1) {
			if _, err := r.SendDay(ctx, d); err != nil && ctx.Err() == nil {
				r.log().Error("sending digests", "day", d.Format(time.DateOnly), "error", err)
			}
		}
		from = yesterday
		select {
		case <-ctx.Done():
			return nil
		case <-r.Clock.After(every):
		}
	}
}

// firstDay returns the first day Run's first pass sends: the latest day a
// digest was claimed for (its failed sends are retried), at most CatchUp
// days back; the zero time (yesterday) when no digest was ever claimed.
func (r *Runner) firstDay(ctx context.Context) (time.Time, error) {
	last, err := r.Store.LastDigestDay(ctx)
	if err != nil || last == "" {
		return time.Time{}, err
	}
	day, err := time.ParseInLocation(time.DateOnly, last, r.loc())
	if err != nil {
		return time.Time{}, err
	}
	days := r.CatchUp
	if days <= 0 {
		days = 7
	}
	earliest := r.noon(r.Clock.Now(), -days)
	day = day.Add(12 * time.Hour)
	if day.Before(earliest) {
		day = earliest
	}
	return day, nil
}

// noon returns noon of the day days away from the day holding t, in the
// runner's zone: days stepped from noon never cross a day boundary, even
// when daylight saving time shifts the clock.
func (r *Runner) noon(t time.Time, days int) time.Time {
	t = t.In(r.loc())
	return time.Date(t.Year(), t.Month(), t.Day()+days, 12, 0, 0, 0, r.loc())
}

func (r *Runner) loc() *time.Location {
	if r.Location == nil {
		return time.UTC
	}
	return r.Location
}

func (r *Runner) log() *slog.Logger {
	if r.Log == nil {
		return slog.Default()
	}
	return r.Log
}

// SendDay sends every user's digest of the day holding day, each at most
// once (a failed e-mail is retried at the next call). A day not over yet
// is refused (EINVALID): its digest, once sent, is never sent again, so
// the rest of the day's changes would be lost.
func (r *Runner) SendDay(ctx context.Context, day time.Time) (Sent, error) {
	d := day.In(r.loc())
	end := time.Date(d.Year(), d.Month(), d.Day(), 0, 0, 0, 0, r.loc()).AddDate(0, 0, 1)
	if r.Clock.Now().Before(end) {
		return Sent{}, vigil.Errorf(vigil.EINVALID, "digest: the day %s is not over yet (%s): its digest goes out once it is", d.Format(time.DateOnly), r.loc())
	}
	users, err := r.Store.AllDigestSettings(ctx)
	if err != nil {
		return Sent{}, err
	}
	var sent Sent
	var errs []error
	for _, u := range users {
		if err := r.sendOne(ctx, u, day, &sent); err != nil {
			sent.Failed++
			errs = append(errs, err)
		}
	}
	return sent, errors.Join(errs...)
}

// wants tells whether a user gets any digest.
func (r *Runner) wants(u vigil.DigestSettings) bool {
	mail := r.Mail != nil && !u.Off && u.Email != ""
	hook := r.Webhooks != nil && u.Webhook != ""
	return mail || hook
}

// sendOne sends one user's digest of day unless it was sent already.
func (r *Runner) sendOne(ctx context.Context, u vigil.DigestSettings, day time.Time, sent *Sent) error {
	if r.Mail == nil && !u.Off && u.Email != "" {
		sent.Unmailed++
	}
	if !r.wants(u) {
		return nil
	}
	d, err := Build(ctx, r.Store, u, day, r.loc(), r.Folder)
	if err != nil {
		return err
	}
	claimed, err := r.Store.ClaimDigest(ctx, u.UserID, d.Day)
	if err != nil {
		return err
	}
	if !claimed {
		sent.Before++
		return nil
	}
	if len(d.Changes) == 0 {
		sent.Empty++
		return nil
	}
	mailed := false
	if r.Mail != nil && !u.Off && u.Email != "" {
		msg := Message(d, r.Mail.From, u.Email, r.BaseURL, r.Clock.Now())
		if err := r.Mail.Send(ctx, u.Email, msg); err != nil {
			r.release(ctx, u, d.Day)
			return err
		}
		sent.Mails++
		mailed = true
	}
	if r.Webhooks != nil && u.Webhook != "" {
		if err := PostWebhook(ctx, r.Webhooks, u.Webhook, d); err != nil {
			if !mailed { // retried later; with the e-mail sent, a retry would send it twice
				r.release(ctx, u, d.Day)
			}
			return err
		}
		sent.Webhooks++
	}
	return nil
}

// release forgets a claim whose sending failed, so the next pass retries.
func (r *Runner) release(ctx context.Context, u vigil.DigestSettings, day string) {
	if err := r.Store.ReleaseDigest(context.WithoutCancel(ctx), u.UserID, day); err != nil {
		r.log().Error("releasing a digest that was not sent", "user", u.Name, "error", err)
	}
}
