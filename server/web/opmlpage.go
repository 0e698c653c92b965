package web

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"net/http"
	"strings"

	"vigil"
	"vigil/opml"
)

// MaxOPMLUpload bounds an uploaded OPML file with the rest of its form.
const MaxOPMLUpload = 1 << 20

// opmlField is the name of the file field of the import form.
const opmlField = "opml"

// ExportOPMLPage sends the visitor's subscriptions as an OPML 2.0 file to
// download.
func (s *Handlers) ExportOPMLPage(w http.ResponseWriter, r *http.Request, sess *session) error {
	subs, err := s.st.Subscriptions(r.Context(), sess.User.ID)
	if err != nil {
		return err
	}
	outlines := make([]opml.Outline, len(subs))
	for i, sub := range subs {
		outlines[i] = opml.Outline{Title: cmp.Or(sub.Title, sub.Feed.Title), XMLURL: sub.Feed.URL, HTMLURL: sub.Feed.SiteURL, Category: sub.Folder}
	}
	var b strings.Builder
	if err := opml.Write(&b, "vigil subscriptions of "+sess.User.Name, outlines, s.now()); err != nil {
		return err
	}
	w.Header().Set("Content-Type", "text/x-opml; charset=utf-8")
	w.Header().Set("Content-Disposition", `attachment; filename="vigil-feeds.opml"`)
	w.Write([]byte(b.String()))
	return nil
}

// ImportOPMLForm subscribes the visitor to every feed of an uploaded OPML
// file that they do not follow yet (feeds they follow keep their weight),
// and tells them on the home page how many were added and skipped.
func (s *Handlers) ImportOPMLForm(w http.ResponseWriter, r *http.Request, sess *session) error {
	file, _, err := r.FormFile(opmlField)
	if err != nil {
		return vigil.Errorf(vigil.EINVALID, "choose an OPML file to import")
	}
	defer file.Close()
	outlines, err := opml.Parse(file)
	if err != nil {
		return vigil.Errorf(vigil.EINVALID, "the file is not a usable OPML document: %s", strings.TrimPrefix(err.Error(), "opml: "))
	}
	subs, err := s.st.Subscriptions(r.Context(), sess.User.ID)
	if err != nil {
		return err
	}
	followed := map[string]bool{}
	for _, sub := range subs {
		followed[sub.Feed.URL] = true
	}
	added, kept, skipped := 0, 0, 0
	for _, o := range outlines {
		u, err := vigil.NormalizeFeedURL(o.XMLURL)
		switch {
		case err != nil:
			skipped++
		case followed[u]:
			kept++
		default:
			if err := s.importOutline(r.Context(), sess.User.ID, u, o); err != nil {
				return err
			}
			followed[u] = true
			added++
		}
	}
	s.setFlash(w, fmt.Sprintf("Imported %d feeds; %d you already followed, %d skipped as not valid feed addresses.", added, kept, skipped))
	http.Redirect(w, r, "/", http.StatusSeeOther)
	return nil
}

// importOutline subscribes the user to one new feed of an OPML file, in
// the outline's folder, as vigil import does; a feed with no title yet
// gets the outline's, which the first fetch that finds the feed's own
// title replaces.
func (s *Handlers) importOutline(ctx context.Context, userID int64, url string, o opml.Outline) error {
	sub, err := s.reading.Subscribe(ctx, userID, url, 1)
	if err != nil {
		return err
	}
	if o.Category != "" {
		if err := s.st.SetFolder(ctx, userID, sub.Feed.ID, o.Category); err != nil {
			return err
		}
	}
	if o.Title != "" {
		if _, err := s.st.SetFeedTitle(ctx, sub.Feed.ID, o.Title); err != nil {
			return err
		}
	}
	return nil
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
