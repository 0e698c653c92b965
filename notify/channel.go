package notify

import (
	"fmt"
	"regexp"
	"strings"

	"github.com/nicholas-fedor/shoutrrr"
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
// names what is wrong without repeating the URL, which holds secrets.
func Check(raw string) error {
	raw = strings.TrimSpace(raw)
	scheme, _, ok := strings.Cut(raw, "://")
	if !ok || scheme == "" {
		return vigil.Errorf(vigil.EINVALID, "channel URL has no scheme (want e.g. ntfy://ntfy.sh/topic or generic+https://host/path)")
	}
	service, _, _ := strings.Cut(scheme, "+")
	if why, no := refused[strings.ToLower(service)]; no {
		return vigil.Errorf(vigil.EINVALID, "%s:// channels are not supported: %s", service, why)
	}
	if _, err := shoutrrr.CreateSender(raw); err != nil {
		return vigil.Errorf(vigil.EINVALID, "channel URL %s is not usable: %s", vigil.HideURL(raw), Redact(err.Error()))
	}
	return nil
}

// urlInText finds URLs in error texts, which services and net/http fill
// with the URL they were sending to.
var urlInText = regexp.MustCompile(`[A-Za-z][A-Za-z0-9+.\-]*://[^\s"']+`)

// Redact hides every URL in text as vigil.HideURL does, so that an error
// can be stored, shown and logged without the channel's secrets.
func Redact(text string) string {
	return urlInText.ReplaceAllStringFunc(text, vigil.HideURL)
}

// Send delivers one message (title and text) to the channel URL raw, its
// dials passing the address guard of fetches unless allowPrivate (see
// guard.go). Its error never holds the URL.
func Send(raw, title, text string, allowPrivate bool) error {
	if err := Check(raw); err != nil {
		return err
	}
	sender, err := shoutrrr.CreateSender(raw)
	if err != nil {
		return fmt.Errorf("notify: %s", Redact(err.Error()))
	}
	var failed []string
	for _, err := range guarded(allowPrivate, func() []error { return sender.Send(text, &types.Params{"title": title}) }) {
		if err != nil {
			failed = append(failed, Redact(err.Error()))
		}
	}
	if len(failed) > 0 {
		return fmt.Errorf("%s", strings.Join(failed, "; "))
	}
	return nil
}
