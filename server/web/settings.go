package web

import (
	"net/http"

	"vigil"
	"vigil/server/internal/accounts"
)

// settingsView is the data of the settings page.
type settingsView struct {
	base
	Channels []vigil.Channel
	Rules    []vigil.AlertRule
	// Token is a new API token, shown on the page that made it only.
	Token string
	// Error says why the last form was refused, with Form naming it.
	Error, Form string
}

// MaxRuleBytes is the longest query of an alert rule.
func (settingsView) MaxRuleBytes() int { return vigil.MaxAlertRuleBytes }

// MaxRuleTerms is the most terms of an alert rule.
func (settingsView) MaxRuleTerms() int { return vigil.MaxAlertRuleTerms }

// MaxRules is the most alert rules of a user.
func (settingsView) MaxRules() int { return vigil.MaxAlertRulesPerUser }

// SettingsPage shows the visitor's account settings: password, API token,
// Fever password, notification channels and alert rules.
func (s *Handlers) SettingsPage(w http.ResponseWriter, r *http.Request, sess *session) error {
	return s.renderSettings(w, r, sess, http.StatusOK, settingsView{})
}

// renderSettings renders the settings page with the visitor's channels
// and rules around view's message.
func (s *Handlers) renderSettings(w http.ResponseWriter, r *http.Request, sess *session, status int, view settingsView) error {
	var err error
	view.base = sess.base("Settings")
	if view.Channels, err = s.st.Channels(r.Context(), sess.User.ID); err != nil {
		return err
	}
	if view.Rules, err = s.st.AlertRules(r.Context(), sess.User.ID); err != nil {
		return err
	}
	clipRuleQueries(view.Rules)
	s.render(w, r, status, "settings.html", view)
	return nil
}

// refused shows the settings page again saying why form was refused,
// when err is the visitor's mistake; other errors are returned.
func (s *Handlers) refused(w http.ResponseWriter, r *http.Request, sess *session, form string, err error) error {
	switch vigil.ErrorCode(err) {
	case vigil.EINVALID, vigil.EUNAUTHORIZED, vigil.ENOTFOUND, vigil.ECONFLICT:
		return s.renderSettings(w, r, sess, http.StatusBadRequest, settingsView{Error: vigil.ErrorMessage(err), Form: form})
	}
	return err
}

// settingsDone leaves msg for the settings page and goes back to it.
func (s *Handlers) settingsDone(w http.ResponseWriter, r *http.Request, msg string) error {
	s.setFlash(w, msg)
	http.Redirect(w, r, "/settings", http.StatusSeeOther)
	return nil
}

// PasswordForm changes the visitor's password given the current one. The
// change ends every session, this one too: the visitor logs in again.
func (s *Handlers) PasswordForm(w http.ResponseWriter, r *http.Request, sess *session) error {
	current, next := r.PostFormValue("current"), r.PostFormValue("new")
	if next != r.PostFormValue("again") {
		return s.refused(w, r, sess, "password", vigil.Errorf(vigil.EINVALID, "the new password and its repetition differ"))
	}
	if err := accounts.ChangePassword(r.Context(), s.st, sess.User, current, next); err != nil {
		return s.refused(w, r, sess, "password", err)
	}
	s.setFlash(w, "Password changed: log in with the new one.")
	http.Redirect(w, r, "/login", http.StatusSeeOther)
	return nil
}

// TokenForm gives the visitor a new API token and shows it this once.
func (s *Handlers) TokenForm(w http.ResponseWriter, r *http.Request, sess *session) error {
	tok, err := accounts.NewToken(r.Context(), s.st, sess.User)
	if err != nil {
		return err
	}
	return s.renderSettings(w, r, sess, http.StatusOK, settingsView{Token: tok})
}
