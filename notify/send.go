package notify

import (
	"fmt"
	"reflect"
	"slices"
	"strings"
	"time"

	"github.com/nicholas-fedor/shoutrrr/pkg/format"
	"github.com/nicholas-fedor/shoutrrr/pkg/types"

	"vigil"
)

// ErrNothingSent is the error of a send whose service made no request:
// its settings name nobody to send to (telegram's chats, for one).
var ErrNothingSent = vigil.Errorf(vigil.EINVALID, "the service sent nothing: the channel URL names no one to send to (for telegram, chats=)")

// Send delivers one message (title and text) to the channel URL raw, its
// dials passing the address guard of fetches unless allowPrivate, and
// returns what the service answered. Its error never holds the URL's
// secrets.
func Send(raw, title, text string, allowPrivate bool) (Answer, error) {
	return send(raw, title, text, guardedDial(allowPrivate))
}

// scheme is the scheme of the channel URL raw.
func scheme(raw string) string {
	s, _, _ := strings.Cut(strings.TrimSpace(raw), "://")
	return s
}

// send is Send with every dial of the service going through dial.
func send(raw, title, text string, dial dialFunc) (Answer, error) {
	if err := precheck(raw); err != nil {
		return Answer{}, err
	}
	rt := newRoute(dial, time.Now())
	err := inTurn(rt, func() (err error) {
		defer func() {
			if p := recover(); p != nil { // zulip dereferences the response of a failed request
				err = fmt.Errorf("the %s service failed: %s", scheme(raw), hide(raw, fmt.Sprint(p)))
			}
		}()
		svc, err := build(raw)
		if err != nil {
			return err
		}
		rewire(svc, rt)
		if err := svc.Send(text, params(svc, title)); err != nil {
			return fmt.Errorf("%s", hide(raw, err.Error()))
		}
		return nil
	})
	a := rt.answer()
	switch {
	case err != nil:
		return a, err
	case a.Requests == 0:
		return a, ErrNothingSent
	case a.Status == 0 || a.Status >= 400: // telegram, for one, calls a failed request sent
		return a, fmt.Errorf("the %s service failed: %s to %d requests", scheme(raw), a, a.Requests)
	}
	return a, nil
}

// params are the parameters of a send with this title, for services
// whose settings have a title; the others refuse a parameter they do not
// know (pagerduty, wecom), and vigil's texts begin with their title.
func params(svc types.Service, title string) *types.Params {
	if !takesTitle(svc) {
		return &types.Params{}
	}
	return &types.Params{"title": title}
}

// takesTitle reports whether svc's settings (its exported Config) have a
// title, or cannot be told.
func takesTitle(svc types.Service) bool {
	v := reflect.ValueOf(svc)
	if v.Kind() != reflect.Pointer || v.Elem().Kind() != reflect.Struct {
		return true
	}
	f := v.Elem().FieldByName("Config")
	if !f.IsValid() || !f.CanInterface() {
		return true
	}
	cfg, ok := f.Interface().(types.ServiceConfig)
	if !ok || f.IsNil() {
		return true
	}
	pkr := format.NewPropKeyResolver(cfg)
	return slices.Contains(pkr.QueryFields(), "title")
}
