package notify

import (
	"context"
	"errors"
	"fmt"
	"net"
	"net/url"
	"regexp"
	"strings"
	"time"

	"github.com/nicholas-fedor/shoutrrr/pkg/router"
	"github.com/nicholas-fedor/shoutrrr/pkg/types"

	"vigil"
)

// refused are the services whose sending does not go through HTTP, and so
// could not pass the address guard, or goes nowhere: the reason for each.
var refused = map[string]string{
	"smtp":   "e-mail alerts would dial SMTP servers past the address guard; the daily digest sends e-mail",
	"logger": "it only writes to vigil's own log",
}

// Check reports whether raw is a channel URL vigil can send to: a shoutrrr
// URL of a known service with the settings it needs, over HTTP. The error
// names what is wrong without repeating the URL's secrets. Check makes no
// connection: a service that logs in as it is set up (matrix with a user
// and password) is refused its dials, and its URL accepted once it got as
// far as dialling; its login is tried, under the address guard, when it
// sends.
func Check(raw string) error {
	if err := precheck(raw); err != nil {
		return err
	}
	rt := newRoute(refuseDial, time.Now())
	return inTurn(rt, func() error {
		_, err := build(raw)
		if err != nil && rt.answer().Requests > 0 {
			return nil
		}
		return err
	})
}

// errChecking is the error of every dial while a channel URL is checked.
var errChecking = errors.New("notify: no connection is made while a channel URL is checked")

// refuseDial is the dial of Check: none.
func refuseDial(context.Context, string, string) (net.Conn, error) { return nil, errChecking }

// precheck refuses what needs no service to refuse: a URL without a
// scheme, a refused service, a web address written without generic+.
func precheck(raw string) error {
	raw = strings.TrimSpace(raw)
	scheme, _, ok := strings.Cut(raw, "://")
	if !ok || scheme == "" {
		return vigil.Errorf(vigil.EINVALID, "channel URL has no scheme (want e.g. ntfy://ntfy.example.org/topic or generic+https://host/path)")
	}
	service, _, _ := strings.Cut(strings.ToLower(scheme), "+")
	if why, no := refused[service]; no {
		return vigil.Errorf(vigil.EINVALID, "%s:// channels are not supported: %s", service, why)
	}
	if service == "http" || service == "https" {
		return vigil.Errorf(vigil.EINVALID, "%s:// is a web address, not a notification service: for a webhook write generic+%s://%s", service, service, strings.TrimPrefix(vigil.HideURL(raw), service+"://"))
	}
	return nil
}

// build sets up raw's service, not yet used. Services may make requests
// as they are set up (matrix logs in), so build runs only in a send's turn
// (inTurn), where the default transport goes through the send's route.
func build(raw string) (types.Service, error) {
	raw = strings.TrimSpace(raw)
	svc, err := (&router.ServiceRouter{}).Locate(raw)
	if err != nil {
		return nil, vigil.Errorf(vigil.EINVALID, "channel URL %s is not usable: %s", vigil.HideURL(raw), hide(raw, initError(raw, err).Error()))
	}
	return svc, nil
}

// initError is the reason a service gave for refusing its URL, which
// shoutrrr's router drops ("failed to initialize service"), where it
// can be had: for the services whose URL is their own (not generic+…).
func initError(raw string, err error) error {
	u, perr := url.Parse(raw)
	if !errors.Is(err, router.ErrInitializeFailed) || perr != nil || strings.Contains(u.Scheme, "+") {
		return err
	}
	svc, nerr := (&router.ServiceRouter{}).NewService(u.Scheme)
	if nerr != nil {
		return err
	}
	if ierr := svc.Initialize(u, nil); ierr != nil {
		return fmt.Errorf("%s: %w", u.Scheme, ierr)
	}
	return err
}

// urlInText finds URLs in error texts, which services and net/http fill
// with the URL they were sending to.
var urlInText = regexp.MustCompile(`[A-Za-z][A-Za-z0-9+.\-]*://[^\s"'<>]+`)

// Redact hides every URL in text as vigil.HideURL does, so that an error
// can be stored, shown and logged without the channel's secrets. Where
// the channel's URL is known, hide does more.
func Redact(text string) string {
	return urlInText.ReplaceAllStringFunc(text, vigil.HideURL)
}

// hide removes from text the secrets of the channel URL raw, wherever
// and however they appear, and then every URL's secrets.
func hide(raw, text string) string {
	return Redact(vigil.HideSecrets(raw, text))
}
