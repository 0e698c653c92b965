package api

import (
	"net/http"

	"vigil"
	"vigil/notify"
	"vigil/server/internal/reading"
)

// channelRequest is the body of POST /api/notify.
type channelRequest struct {
	URL string `json:"url"`
}

// alertRequest is the body of POST /api/alerts.
type alertRequest struct {
	Query  string `json:"query"`
	FeedID int64  `json:"feed_id"`
}

// NotifyChannels lists the user's notification channels, their URLs
// hidden, with their state.
func (s *Handlers) NotifyChannels(w http.ResponseWriter, r *http.Request, u *vigil.User) error {
	list, err := s.st.Channels(r.Context(), u.ID)
	if err != nil {
		return err
	}
	if list == nil {
		list = []vigil.Channel{}
	}
	writeJSON(w, http.StatusOK, list)
	return nil
}

// AddNotifyChannel checks and stores a channel URL; the answer shows it
// hidden, as every later one does.
func (s *Handlers) AddNotifyChannel(w http.ResponseWriter, r *http.Request, u *vigil.User) error {
	var req channelRequest
	if err := decodeJSON(w, r, &req); err != nil {
		return err
	}
	if err := notify.Check(req.URL); err != nil {
		return err
	}
	c := vigil.Channel{UserID: u.ID, URL: req.URL, Created: s.now()}
	id, err := s.st.AddChannel(r.Context(), c)
	if err != nil {
		return err
	}
	added, err := s.st.Channel(r.Context(), u.ID, id)
	if err != nil {
		return err
	}
	writeJSON(w, http.StatusCreated, added)
	return nil
}

// RemoveNotifyChannel deletes a channel and its waiting messages.
func (s *Handlers) RemoveNotifyChannel(w http.ResponseWriter, r *http.Request, u *vigil.User) error {
	id, err := reading.PathID(r, "channel")
	if err != nil {
		return err
	}
	if err := s.st.RemoveChannel(r.Context(), u.ID, id); err != nil {
		return err
	}
	w.WriteHeader(http.StatusNoContent)
	return nil
}

// TestNotifyChannel sends a test message now and answers the channel
// with the outcome recorded: failing with its error, or not.
func (s *Handlers) TestNotifyChannel(w http.ResponseWriter, r *http.Request, u *vigil.User) error {
	id, err := reading.PathID(r, "channel")
	if err != nil {
		return err
	}
	c, err := s.st.Channel(r.Context(), u.ID, id)
	if err != nil {
		return err
	}
	why := ""
	_, err = notify.Send(c.URL, "vigil test", "This is a test message from vigil for "+u.Name+".", s.allowPrivate)
	if err != nil {
		why = err.Error()
	}
	if err := s.st.RecordDelivery(r.Context(), c.ID, s.now(), why); err != nil {
		return err
	}
	if c, err = s.st.Channel(r.Context(), u.ID, id); err != nil {
		return err
	}
	writeJSON(w, http.StatusOK, c)
	return nil
}

// AlertRules lists the user's alert rules.
func (s *Handlers) AlertRules(w http.ResponseWriter, r *http.Request, u *vigil.User) error {
	rules, err := s.st.AlertRules(r.Context(), u.ID)
	if err != nil {
		return err
	}
	if rules == nil {
		rules = []vigil.AlertRule{}
	}
	writeJSON(w, http.StatusOK, rules)
	return nil
}

// AddAlertRule stores a rule: new items of the user's feeds (or of
// feed_id) that match query are sent to the user's channels.
func (s *Handlers) AddAlertRule(w http.ResponseWriter, r *http.Request, u *vigil.User) error {
	var req alertRequest
	if err := decodeJSON(w, r, &req); err != nil {
		return err
	}
	rule := vigil.AlertRule{UserID: u.ID, FeedID: req.FeedID, Query: req.Query, Created: s.now()}
	id, err := s.st.AddAlertRule(r.Context(), rule)
	if err != nil {
		return err
	}
	rule.ID = id
	writeJSON(w, http.StatusCreated, rule)
	return nil
}

// RemoveAlertRule deletes one of the user's rules.
func (s *Handlers) RemoveAlertRule(w http.ResponseWriter, r *http.Request, u *vigil.User) error {
	id, err := reading.PathID(r, "alert")
	if err != nil {
		return err
	}
	if err := s.st.RemoveAlertRule(r.Context(), u.ID, id); err != nil {
		return err
	}
	w.WriteHeader(http.StatusNoContent)
	return nil
}
