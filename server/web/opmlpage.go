package web

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"strings"

	"vigil"
	"vigil/export"
	"vigil/opml"
)

// MaxOPMLUpload bounds an uploaded OPML file with the rest of its form.
const MaxOPMLUpload = 1 << 20

// opmlField is the name of the file field of the import form.
const opmlField = "opml"

// ExportOPMLPage sends the visitor's subscriptions as an OPML 2.0 file to
// download, each watched page with its settings.
func (s *Handlers) ExportOPMLPage(w http.ResponseWriter, r *http.Request, sess *session) error {
	entries, err := export.Collect(r.Context(), s.st, sess.User.ID)
	if err != nil {
		return err
	}
	var b strings.Builder
	if err := opml.Write(&b, "vigil subscriptions of "+sess.User.Name, export.ToOutlines(entries), s.now()); err != nil {
		return err
	}
	w.Header().Set("Content-Type", "text/x-opml; charset=utf-8")
	w.Header().Set("Content-Disposition", `attachment; filename="vigil-feeds.opml"`)
	w.Write([]byte(b.String()))
	return nil
}

// ImportOPMLForm subscribes the visitor to every feed and page of an
// uploaded OPML file or JSON export that they do not follow yet (those
// they follow keep their settings), pages with their settings, and tells
// them on the home page how many were added and what was skipped or not
// applied.
func (s *Handlers) ImportOPMLForm(w http.ResponseWriter, r *http.Request, sess *session) error {
	file, _, err := r.FormFile(opmlField)
	if err != nil {
		return vigil.Errorf(vigil.EINVALID, "choose an OPML file to import")
	}
	defer file.Close()
	entries, unread, err := export.Read(file)
	if err != nil {
		return vigil.Errorf(vigil.EINVALID, "the file is not a usable OPML document: %s", strings.TrimPrefix(errorText(err), "opml: "))
	}
	res, err := export.Import(r.Context(), s.st, s.follow(), sess.User.ID, entries, nil)
	if err != nil {
		return err
	}
	skipped := append(unread, res.Skipped...)
	msg := fmt.Sprintf("Imported %d feeds; %d you already followed, %d skipped as not valid feed addresses.", res.Added, res.Followed, len(skipped))
	if len(skipped)+len(res.Notes) > 0 {
		msg = fmt.Sprintf("Imported %d feeds; %d you already followed, %d skipped. %s", res.Added, res.Followed, len(skipped), strings.Join(append(skipped, res.Notes...), "; "))
	}
	s.setFlash(w, msg)
	http.Redirect(w, r, "/", http.StatusSeeOther)
	return nil
}

// errorText is an error's message for the visitor: vigil's own message
// when it has one, else the error as it reads (the opml package's).
func errorText(err error) string {
	if vigil.ErrorCode(err) == vigil.EINTERNAL {
		return err.Error()
	}
	return vigil.ErrorMessage(err)
}

// follow follows feeds and pages through the reading service, which wakes
// the monitor for a new one.
func (s *Handlers) follow() export.Follow {
	return export.Follow{
		Feed: func(ctx context.Context, userID int64, url string, weight float64) (*vigil.Subscription, error) {
			return s.reading.Subscribe(ctx, userID, url, weight)
		},
		Page: func(ctx context.Context, userID int64, url string, weight float64) (*vigil.Subscription, error) {
			return s.reading.FollowPage(ctx, userID, url, weight)
		},
	}
}

// parseMultipart reads a submitted multipart form (a file upload) of
// bounded size.
func parseMultipart(w http.ResponseWriter, r *http.Request) error {
	r.Body = http.MaxBytesReader(w, r.Body, MaxOPMLUpload)
	if err := r.ParseMultipartForm(MaxOPMLUpload); err != nil {
		var tooBig *http.MaxBytesError
		if errors.As(err, &tooBig) {
			return vigil.Errorf(vigil.EINVALID, "the upload is larger than %d bytes", tooBig.Limit)
		}
		return vigil.Errorf(vigil.EINVALID, "the upload is not validly encoded")
	}
	return nil
}
