package web

import (
	"net/http"
	"strconv"
	"strings"
	"unicode/utf8"

	"vigil"
	"vigil/account"
	"vigil/notify"
	"vigil/server/internal/httpauth"
	"vigil/server/internal/reading"
)

// minFeverPassword is the fewest characters of a Fever password, as the
// API asks.
const minFeverPassword = 10

// FeverForm sets the password Fever apps use, or with remove set turns
// Fever access off.
func (s *Handlers) FeverForm(w http.ResponseWriter, r *http.Request, sess *session) error {
	if r.PostFormValue("remove") != "" {
		if err := s.st.SetFeverKey(r.Context(), sess.User.ID, ""); err != nil {
			return err
		}
		return s.settingsDone(w, r, "Fever access is off.")
	}
	pw := r.PostFormValue("password")
	switch {
	case utf8.RuneCountInString(pw) < minFeverPassword:
		return s.refused(w, r, sess, "fever", vigil.Errorf(vigil.EINVALID, "the Fever password needs at least %d characters", minFeverPassword))
	case account.CheckPassword(sess.User.PasswordHash, pw):
		return s.refused(w, r, sess, "fever", vigil.Errorf(vigil.EINVALID, "the Fever password must not be your account password: Fever apps send it as an unsalted md5"))
	}
	if err := s.st.SetFeverKey(r.Context(), sess.User.ID, httpauth.FeverKeyHash(httpauth.FeverKey(sess.User.Name, pw))); err != nil {
		return err
	}
	return s.settingsDone(w, r, "Fever password set: Fever apps log in with your user name and it.")
}

// AddChannelForm checks and stores a notification channel URL; from then
// on it is shown hidden.
func (s *Handlers) AddChannelForm(w http.ResponseWriter, r *http.Request, sess *session) error {
	url := strings.TrimSpace(r.PostFormValue("url"))
	if err := notify.Check(url); err != nil {
		return s.refused(w, r, sess, "channel", err)
	}
	id, err := s.st.AddChannel(r.Context(), vigil.Channel{UserID: sess.User.ID, URL: url, Created: s.now()})
	if err != nil {
		return s.refused(w, r, sess, "channel", err)
	}
	return s.settingsDone(w, r, "Added channel "+strconv.FormatInt(id, 10)+".")
}

// TestChannelForm sends a test message to a channel now and records the
// outcome, which the page then shows.
func (s *Handlers) TestChannelForm(w http.ResponseWriter, r *http.Request, sess *session) error {
	id, err := reading.PathID(r, "channel")
	if err != nil {
		return err
	}
	c, err := s.st.Channel(r.Context(), sess.User.ID, id)
	if err != nil {
		return err
	}
	why := ""
	answer, err := notify.Send(c.URL, "vigil test", "This is a test message from vigil for "+sess.User.Name+".", s.allowPrivate)
	if err != nil {
		why = err.Error()
	}
	if err := s.st.RecordDelivery(r.Context(), c.ID, s.now(), why); err != nil {
		return err
	}
	if why != "" {
		return s.settingsDone(w, r, "The test message to channel "+strconv.FormatInt(id, 10)+" failed: "+why)
	}
	return s.settingsDone(w, r, "Sent a test message to channel "+strconv.FormatInt(id, 10)+": the service "+answer.String()+".")
}

// RemoveChannelForm deletes a channel and the messages waiting for it.
func (s *Handlers) RemoveChannelForm(w http.ResponseWriter, r *http.Request, sess *session) error {
	id, err := reading.PathID(r, "channel")
	if err != nil {
		return err
	}
	if err := s.st.RemoveChannel(r.Context(), sess.User.ID, id); err != nil {
		return err
	}
	return s.settingsDone(w, r, "Removed channel "+strconv.FormatInt(id, 10)+".")
}

// AddAlertForm stores an alert rule: new items of the visitor's feeds that
// match the query are sent to their channels.
func (s *Handlers) AddAlertForm(w http.ResponseWriter, r *http.Request, sess *session) error {
	rule := vigil.AlertRule{UserID: sess.User.ID, Query: r.PostFormValue("query"), Created: s.now()}
	if _, err := s.st.AddAlertRule(r.Context(), rule); err != nil {
		return s.refused(w, r, sess, "alert", err)
	}
	return s.settingsDone(w, r, "Added the alert rule.")
}

// RemoveAlertForm deletes one of the visitor's alert rules.
func (s *Handlers) RemoveAlertForm(w http.ResponseWriter, r *http.Request, sess *session) error {
	id, err := reading.PathID(r, "alert")
	if err != nil {
		return err
	}
	if err := s.st.RemoveAlertRule(r.Context(), sess.User.ID, id); err != nil {
		return err
	}
	return s.settingsDone(w, r, "Removed the alert rule.")
}

// shownQueryRunes is how much of a rule's query the settings page shows: a
// rule stored before the limits may be far longer than one may add now.
const shownQueryRunes = 200

// clipRuleQueries cuts the queries of rules longer than shownQueryRunes
// for showing, saying how long they are.
func clipRuleQueries(rules []vigil.AlertRule) {
	for i, r := range rules {
		if q := []rune(r.Query); len(q) > shownQueryRunes {
			rules[i].Query = string(q[:shownQueryRunes]) + "… (" + strconv.Itoa(len(r.Query)) + " bytes)"
		}
	}
}
