package web

import (
	"fmt"
	"net/http"

	"vigil"
	"vigil/server/internal/reading"
)

// FolderForm moves one of the visitor's feeds into the folder the form
// names ("" for the top level; "News/World" is World inside News), then
// shows the feed's page again; a folder name that cannot be kept is shown
// on the page with the reason, and nothing changes.
func (s *Handlers) FolderForm(w http.ResponseWriter, r *http.Request, sess *session) error {
	id, err := reading.PathID(r, "feed")
	if err != nil {
		return err
	}
	folder, err := vigil.CleanFolder(r.PostFormValue("folder"))
	if err == nil {
		_, err = s.reading.EditSubscription(r.Context(), sess.User.ID, id, reading.SubscriptionEdit{Folder: &folder})
	}
	if vigil.ErrorCode(err) == vigil.EINVALID {
		view, verr := s.feedView(r.Context(), sess, id)
		if verr != nil {
			return verr
		}
		view.Form = feedForm{Weight: reading.Number(view.Sub.Weight), Folder: r.PostFormValue("folder"), FolderError: vigil.ErrorMessage(err)}
		s.render(w, r, http.StatusBadRequest, "feed.html", view)
		return nil
	}
	if err != nil {
		return err
	}
	http.Redirect(w, r, fmt.Sprintf("/feeds/%d", id), http.StatusSeeOther)
	return nil
}
