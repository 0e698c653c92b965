package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"log/slog"
	"slices"
	"strings"
	"time"

	"vigil"
	"vigil/change"
	"vigil/clock"
	"vigil/digest"
	"vigil/fetch"
	"vigil/store"
	"vigil/updates"
)

// digestOpts are the flags of the daily digest.
type digestOpts struct {
	host, from, user, baseURL *string
	password                  *string // from the environment only
	port                      *int
	every                     *time.Duration
	catchUp                   *int
	weights                   *ratingWeights
}

// addDigestFlags declares the digest's flags, their defaults from the
// environment.
func addDigestFlags(f *flags) *digestOpts {
	weights := &ratingWeights{w: change.DefaultWeights()}
	f.Var(weights, "rating-weights", "`weights` of negligible, significant and important ratings when combined (the Updates folder, digests)")
	return &digestOpts{
		weights:  weights,
		host:     f.bindString("smtp-host", ""),
		port:     f.bindInt("smtp-port", ""),
		from:     f.bindString("smtp-from", ""),
		user:     f.bindString("smtp-user", ""),
		password: f.use("smtp-password").(*string),
		baseURL:  f.bindString("base-url", ""),
		every:    f.Duration("digest-every", 5*time.Minute, "how often to look for a finished day whose digests are not sent"),
		catchUp:  f.Int("digest-catch-up", 7, "at start, send the digests of up to this many finished `days` missed while vigil was down"),
	}
}

// zoneFlag loads the time zone named by --zone.
func zoneFlag(name string) (*time.Location, error) {
	loc, err := time.LoadLocation(name)
	if err != nil {
		return nil, usageError{fmt.Sprintf("--zone %q is not a known time zone", name)}
	}
	return loc, nil
}

// build returns the digest runner the flags describe, covering the days
// of zone.
func (o *digestOpts) build(st store.Store, log *slog.Logger, allowPrivate bool, zone string) (*digest.Runner, error) {
	loc, err := zoneFlag(zone)
	if err != nil {
		return nil, err
	}
	if *o.every <= 0 {
		return nil, usageError{fmt.Sprintf("--digest-every must be positive, got %v", *o.every)}
	}
	if *o.catchUp < 1 {
		return nil, usageError{fmt.Sprintf("--digest-catch-up must be at least 1 day, got %d", *o.catchUp)}
	}
	r := &digest.Runner{Store: st, Clock: clock.Wall{}, Location: loc, BaseURL: *o.baseURL, Every: *o.every, CatchUp: *o.catchUp, Log: log,
		Folder:   updates.Config{Weights: o.weights.w},
		Webhooks: fetch.NewPostClient(fetch.Config{AllowPrivate: allowPrivate, Timeout: 30 * time.Second})}
	if *o.host != "" {
		m := &digest.SMTP{Host: *o.host, Port: *o.port, From: *o.from, Username: *o.user, Password: *o.password}
		if err := m.Validate(); err != nil {
			return nil, usageError{strings.TrimPrefix(err.Error(), "digest: ")}
		}
		r.Mail = m
	}
	return r, nil
}

func runDigest(ctx context.Context, e *env, args []string) error {
	f := newFlags(e, "digest", "", "Set how a user hears of page changes (--email, --off, --on, --webhook), or with --send send the digests of a day now.")
	user := f.String("user", "", "user `name` (may be left out when there is one user)")
	email := f.String("email", "", "send the daily digest to this `address`")
	webhook := f.String("webhook", "", "also POST the digest as JSON to this `URL` (\"-\" removes it)")
	off := f.Bool("off", false, "no digest e-mail")
	on := f.Bool("on", false, "digest e-mail again")
	send := f.String("send", "", "send every user's digest of this `day` (YYYY-MM-DD) now, if not sent yet")
	opts := addDigestFlags(f)
	zone := f.bindString("zone", "time `zone` whose days the digests cover")
	allowPrivate := f.bindBool("allow-private", "allow webhooks to loopback and private addresses")
	if err := f.parse(args, 0); err != nil {
		return err
	}
	if *off && *on {
		return usageError{"--off and --on contradict each other"}
	}
	if name := givenOf(f, "digest-every", "digest-catch-up"); name != "" {
		return usageError{fmt.Sprintf("--%s is read by vigil serve, which sends the digests as days end; vigil digest does not use it", name)}
	}
	if *send != "" {
		if name := givenOf(f, "user", "email", "webhook", "off", "on"); name != "" {
			return usageError{fmt.Sprintf("--%s sets one user's digest and --send sends every user's: give them in two commands", name)}
		}
		return sendDigests(ctx, e, f, opts, *send, *allowPrivate, *zone)
	}
	if name := givenOf(f, sendingFlags...); name != "" {
		return usageError{fmt.Sprintf("--%s is a setting of sending (--send, or vigil serve): without --send it changes nothing", name)}
	}
	st, u, err := f.openFor(ctx, *user)
	if err != nil {
		return err
	}
	defer st.Close()
	d, err := st.DigestSettings(ctx, u.ID)
	if err != nil {
		return err
	}
	if *email != "" {
		d.Email = *email
	}
	switch *webhook {
	case "":
	case "-":
		d.Webhook = ""
	default:
		d.Webhook = *webhook
	}
	d.Off = (d.Off || *off) && !*on
	if err := st.SetDigestSettings(ctx, *d); err != nil {
		return err
	}
	state := "on"
	switch {
	case d.Off:
		state = "off"
	case d.Email == "":
		state = "on but unsent, no address (set one with --email)"
	}
	fmt.Fprintf(e.stdout, "%s: digest e-mail %s, address %q, webhook %q\n", u.Name, state, d.Email, d.Webhook)
	return nil
}

// sendingFlags are vigil digest's flags that only sending reads.
var sendingFlags = []string{"smtp-host", "smtp-port", "smtp-from", "smtp-user", "base-url", "rating-weights", "zone", "allow-private"}

// givenOf returns the first of names given on the command line, "" when
// none is.
func givenOf(f *flags, names ...string) string {
	name := ""
	f.Visit(func(fl *flag.Flag) {
		if name == "" && slices.Contains(names, fl.Name) {
			name = fl.Name
		}
	})
	return name
}

// sendDigests sends every user's digest of day now.
func sendDigests(ctx context.Context, e *env, f *flags, opts *digestOpts, day string, allowPrivate bool, zone string) error {
	t, err := time.Parse(time.DateOnly, day)
	if err != nil {
		return usageError{fmt.Sprintf("--send needs a day like 2026-03-02, got %q", day)}
	}
	st, err := f.openExisting()
	if err != nil {
		return err
	}
	defer st.Close()
	r, err := opts.build(st, slog.New(slog.NewTextHandler(e.stderr, nil)), allowPrivate, zone)
	if err != nil {
		return err
	}
	day0 := time.Date(t.Year(), t.Month(), t.Day(), 12, 0, 0, 0, r.Location)
	sent, err := r.SendDay(ctx, day0)
	if vigil.ErrorCode(err) == vigil.EINVALID && sent == (digest.Sent{}) {
		return err // the day is not over: nothing was tried
	}
	before := ""
	if sent.Before > 0 {
		before = fmt.Sprintf(", %d sent before and not sent again", sent.Before)
	}
	fmt.Fprintf(e.stdout, "digests of %s: %d e-mails, %d webhooks, %d with nothing to tell%s\n", day, sent.Mails, sent.Webhooks, sent.Empty, before)
	if sent.Unmailed > 0 {
		err = errors.Join(err, fmt.Errorf("%d user(s) with a digest e-mail address got none: no SMTP server is set; give --smtp-host and --smtp-from (or VIGIL_SMTP_HOST and VIGIL_SMTP_FROM)", sent.Unmailed))
	}
	return err
}
