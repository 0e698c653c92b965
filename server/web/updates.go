package web

import (
	"context"
	"fmt"
	"html/template"
	"net/http"
	"strconv"
	"strings"

	"vigil"
	"vigil/feed"
	"vigil/server/internal/httperr"
	"vigil/server/internal/reading"
	"vigil/updates"
)

// updatesView is the data of the Updates folder.
type updatesView struct {
	base
	Folder updates.Folder
	Digest vigil.DigestSettings
	Error  string // why the digest form was refused
}

// watchedView is the data of a watched page's page.
type watchedView struct {
	base
	reading.PageDetail
	Owner bool // the visitor chooses the kinds monitored
	Error string
}

// diffView is the data of a change's diff view.
type diffView struct {
	base
	reading.ChangeDetail
	HTML template.HTML // the sanitised diff
	// Shown is the layout shown; Links are the view's other layouts.
	Shown reading.DiffQuery
	Links diffLinks
}

// versionView is the data of a stored version shown as it was.
type versionView struct {
	base
	Version *vigil.PageVersion
	Feed    *vigil.Feed
	HTML    template.HTML
	Text    string // a body that is not HTML, when it is text
}

// UpdatesPage shows the Updates folder (Glance et al. §3.2) and the
// digest's settings.
func (s *Handlers) UpdatesPage(w http.ResponseWriter, r *http.Request, sess *session) error {
	d, err := s.st.DigestSettings(r.Context(), sess.User.ID)
	if err != nil {
		return err
	}
	return s.renderUpdates(w, r, sess, http.StatusOK, *d, "")
}

// renderUpdates renders the Updates folder with the digest form filled as d.
func (s *Handlers) renderUpdates(w http.ResponseWriter, r *http.Request, sess *session, status int, d vigil.DigestSettings, formErr string) error {
	f, err := updates.Build(r.Context(), s.st, sess.User.ID, s.reading.Updates())
	if err != nil {
		return err
	}
	title := "Updates"
	if f.Flag {
		title = "Updates (new)"
	}
	s.render(w, r, status, "updates.html", updatesView{base: sess.base(title), Folder: f, Digest: d, Error: formErr})
	return nil
}

// DigestForm stores the digest settings submitted from the Updates folder.
func (s *Handlers) DigestForm(w http.ResponseWriter, r *http.Request, sess *session) error {
	d := vigil.DigestSettings{UserID: sess.User.ID, Name: sess.User.Name, Email: r.PostFormValue("email"),
		Off: r.PostFormValue("off") != "", Webhook: r.PostFormValue("webhook")}
	err := s.st.SetDigestSettings(r.Context(), d)
	if vigil.ErrorCode(err) == vigil.EINVALID {
		return s.renderUpdates(w, r, sess, http.StatusBadRequest, d, vigil.ErrorMessage(err))
	}
	if err != nil {
		return err
	}
	s.setFlash(w, "Digest settings saved.")
	http.Redirect(w, r, "/updates", http.StatusSeeOther)
	return nil
}

// WatchedPage shows a page: state, settings, history and versions. Seeing
// it marks its changes as seen.
func (s *Handlers) WatchedPage(w http.ResponseWriter, r *http.Request, sess *session) error {
	id, err := reading.PathID(r, "page")
	if err != nil {
		return err
	}
	return s.renderWatched(w, r, sess, id, http.StatusOK, "")
}

// renderWatched renders a page's page with status and a form error.
func (s *Handlers) renderWatched(w http.ResponseWriter, r *http.Request, sess *session, id int64, status int, formErr string) error {
	d, err := s.reading.PageDetail(r.Context(), sess.User.ID, id)
	if err != nil {
		return err
	}
	if len(d.Changes) > 0 {
		if err := s.st.MarkChangesSeen(r.Context(), sess.User.ID, id, d.Changes[0].ID); err != nil {
			return err
		}
	}
	view := watchedView{base: sess.base(reading.FeedName(d.Feed)), PageDetail: d, Owner: d.State.OwnerID == sess.User.ID, Error: formErr}
	s.render(w, r, status, "watched.html", view)
	return nil
}

// PageSettingsForm stores the settings submitted from a page's page.
func (s *Handlers) PageSettingsForm(w http.ResponseWriter, r *http.Request, sess *session) error {
	id, err := reading.PathID(r, "page")
	if err != nil {
		return err
	}
	threshold, frequency := r.PostFormValue("threshold"), r.PostFormValue("frequency")
	req := reading.PageSettings{Threshold: &threshold, Frequency: &frequency}
	conds, err := formConditions(r.PostFormValue("conditions"))
	if err == nil {
		req.Conditions = &conds
		if r.PostFormValue("owner") != "" {
			err = ownerSettings(r, &req)
		}
	}
	if err == nil {
		err = s.reading.SetPageSettings(r.Context(), sess.User.ID, id, req)
	}
	if code := vigil.ErrorCode(err); code == vigil.EINVALID || code == vigil.ECONFLICT {
		return s.renderWatched(w, r, sess, id, httperr.Status(err), vigil.ErrorMessage(err))
	}
	if err != nil {
		return err
	}
	s.setFlash(w, "Settings saved.")
	http.Redirect(w, r, fmt.Sprintf("/pages/%d", id), http.StatusSeeOther)
	return nil
}

// ownerSettings reads the owner's part of the page settings form into req.
func ownerSettings(r *http.Request, req *reading.PageSettings) error {
	kinds := r.PostForm["kinds"]
	selector := r.PostFormValue("selector")
	ignore := formLines(r.PostFormValue("ignore"))
	render := r.PostFormValue("render") != ""
	waitFor, xpath, jq := r.PostFormValue("wait_for"), r.PostFormValue("xpath"), r.PostFormValue("jq")
	req.Kinds, req.Selector, req.Ignore = &kinds, &selector, &ignore
	req.Render, req.WaitFor, req.XPath, req.JQ = &render, &waitFor, &xpath, &jq
	if v := strings.TrimSpace(r.PostFormValue("returns")); v != "" {
		n, err := strconv.Atoi(v)
		if err != nil {
			return vigil.Errorf(vigil.EINVALID, "returns %q is not a whole number", v)
		}
		req.Returns = &n
	}
	return nil
}

// formConditions reads a follower's conditions, one a line
// (vigil.ParseCondition).
func formConditions(text string) ([]vigil.Condition, error) {
	out := []vigil.Condition{}
	for _, l := range formLines(text) {
		c, err := vigil.ParseCondition(l)
		if err != nil {
			return nil, err
		}
		out = append(out, c)
	}
	return out, nil
}

// ChangePage shows a change's diff view with the rating form.
func (s *Handlers) ChangePage(w http.ResponseWriter, r *http.Request, sess *session) error {
	id, err := reading.PathID(r, "change")
	if err != nil {
		return err
	}
	q, err := reading.ParseDiffQuery(r.URL.Query())
	if err != nil {
		return err
	}
	d, err := s.reading.ChangeDiff(r.Context(), sess.User.ID, id, q)
	if err != nil {
		return err
	}
	view := diffView{base: sess.base("Change of " + titleOr(d.Title, d.URL)), ChangeDetail: d, HTML: template.HTML(d.Diff.HTML),
		Shown: q, Links: linksOf(id, d, q)}
	s.render(w, r, http.StatusOK, "diff.html", view)
	return nil
}

// errNoRating refuses a rating form sent with its menu left at “choose…”,
// so that a careless click rates nothing rather than a default.
var errNoRating = vigil.Errorf(vigil.EINVALID, "no rating chosen: pick negligible, significant or important in the menu before pressing Rate (nothing was recorded)")

// RateForm records the visitor's rating of a change; a form without a
// rating is refused.
func (s *Handlers) RateForm(w http.ResponseWriter, r *http.Request, sess *session) error {
	id, err := reading.PathID(r, "change")
	if err != nil {
		return err
	}
	e := vigil.Evaluation{ChangeID: id, UserID: sess.User.ID, Rating: r.PostFormValue("rating"),
		Comment: strings.TrimSpace(r.PostFormValue("comment")), At: s.now()}
	if e.Rating == "" {
		return errNoRating
	}
	if err := s.st.Evaluate(r.Context(), e); err != nil {
		return err
	}
	s.setFlash(w, "Your rating is recorded: "+e.Rating+".")
	back := fmt.Sprintf("/changes/%d", id)
	if r.PostFormValue("return") == "updates" {
		back = "/updates"
	}
	http.Redirect(w, r, back, http.StatusSeeOther)
	return nil
}

// VersionPage shows one stored version: HTML sanitised (scripts and styles
// never run), text as text, anything else described.
func (s *Handlers) VersionPage(w http.ResponseWriter, r *http.Request, sess *session) error {
	id, err := reading.PathID(r, "version")
	if err != nil {
		return err
	}
	v, err := s.st.Version(r.Context(), id)
	if err != nil {
		return err
	}
	if _, err := s.st.Subscription(r.Context(), sess.User.ID, v.FeedID); err != nil {
		return vigil.Errorf(vigil.ENOTFOUND, "version %d not found", id)
	}
	f, err := s.st.Feed(r.Context(), v.FeedID)
	if err != nil {
		return err
	}
	view := versionView{base: sess.base("Version of " + reading.FeedName(*f)), Version: v, Feed: f}
	switch ct := strings.ToLower(v.ContentType); {
	case strings.Contains(ct, "html") || ct == "":
		// Relative links and images point at the page's site, not at vigil.
		view.HTML = template.HTML(s.reading.Sanitize(feed.AbsoluteURLs(string(v.Body), f.URL)))
	case strings.HasPrefix(ct, "text/"):
		view.Text = string(v.Body)
	}
	s.render(w, r, http.StatusOK, "version.html", view)
	return nil
}

// titleOr is title, else fallback.
func titleOr(title, fallback string) string {
	if title != "" {
		return title
	}
	return fallback
}

// formLines splits a text area into its non-blank lines.
func formLines(text string) []string {
	out := []string{}
	for _, l := range strings.Split(text, "\n") {
		if l = strings.TrimSpace(l); l != "" {
			out = append(out, l)
		}
	}
	return out
}

// MergeForm merges the page into its duplicate and shows the other page.
func (s *Handlers) MergeForm(w http.ResponseWriter, r *http.Request, sess *session) error {
	id, err := reading.PathID(r, "page")
	if err != nil {
		return err
	}
	into, err := s.reading.MergePage(r.Context(), sess.User.ID, id)
	if err != nil {
		return err
	}
	s.setFlash(w, "The followers of the page now follow "+into.URL+".")
	http.Redirect(w, r, fmt.Sprintf("/pages/%d", into.ID), http.StatusSeeOther)
	return nil
}

// ForgetNoiseForm undoes a learned noise item of the page (the owner's).
func (s *Handlers) ForgetNoiseForm(w http.ResponseWriter, r *http.Request, sess *session) error {
	id, err := reading.PathID(r, "page")
	if err != nil {
		return err
	}
	key := r.PostFormValue("key")
	err = s.reading.ForgetNoise(r.Context(), sess.User.ID, id, key)
	if code := vigil.ErrorCode(err); code == vigil.EINVALID || code == vigil.ECONFLICT || code == vigil.ENOTFOUND {
		return s.renderWatched(w, r, sess, id, httperr.Status(err), vigil.ErrorMessage(err))
	}
	if err != nil {
		return err
	}
	s.setFlash(w, "Undone: "+key+" counts again and will not be learned as noise again.")
	http.Redirect(w, r, fmt.Sprintf("/pages/%d", id), http.StatusSeeOther)
	return nil
}

// updatesFlag tells whether the user's Updates folder has something new
// worth a look; a failure to tell is logged and shows no flag.
func (s *Handlers) updatesFlag(ctx context.Context, userID int64) bool {
	f, err := updates.Build(ctx, s.st, userID, s.reading.UpdatesRecent(1))
	if err != nil {
		s.log.Error("server: unable to build the Updates folder's flag", "user", userID, "err", err)
		return false
	}
	return f.Flag
}
