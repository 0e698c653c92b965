package server

import (
	"errors"
	"fmt"
	"net/http"
	"strings"

	"vigil"
	"vigil/opml"
)

// maxOPMLUpload bounds an uploaded OPML file with the rest of its form.
const maxOPMLUpload = 1 << 20

// opmlField is the name of the file field of the import form.
const opmlField = "opml"

// exportOPMLPage sends the visitor's subscriptions as an OPML 2.0 file to
// download.
func (s *Server) exportOPMLPage(w http.ResponseWriter, r *http.Request, sess *session) error {
	subs, err := s.st.Subscriptions(r.Context(), sess.User.ID)
	if err != nil {
		return err
	}
	outlines := make([]opml.Outline, len(subs))
	for i, sub := range subs {
		outlines[i] = opml.Outline{Title: sub.Feed.Title, XMLURL: sub.Feed.URL, HTMLURL: sub.Feed.SiteURL}
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

// importOPMLForm subscribes the visitor to every feed of an uploaded OPML
// file that they do not follow yet (feeds they follow keep their weight),
// and tells them on the home page how many were added and skipped.
func (s *Server) importOPMLForm(w http.ResponseWriter, r *http.Request, sess *session) error {
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
			if _, err := s.subscribe(r.Context(), sess.User.ID, u, 1); err != nil {
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

// parseMultipart reads a submitted multipart form (a file upload) of
// bounded size.
func parseMultipart(w http.ResponseWriter, r *http.Request) error {
	r.Body = http.MaxBytesReader(w, r.Body, maxOPMLUpload)
	if err := r.ParseMultipartForm(maxOPMLUpload); err != nil {
		var tooBig *http.MaxBytesError
		if errors.As(err, &tooBig) {
			return vigil.Errorf(vigil.EINVALID, "the upload is larger than %d bytes", tooBig.Limit)
		}
		return vigil.Errorf(vigil.EINVALID, "the upload is not validly encoded")
	}
	return nil
}
