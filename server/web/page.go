package web

import (
	"bytes"
	"embed"
	"errors"
	"html/template"
	"net/http"
	"strings"

	"vigil"
	"vigil/server/internal/httpauth"
	"vigil/server/internal/httperr"
)

// assets holds the page templates and the style sheet.
//
//go:embed templates static
var assets embed.FS

// MaxFormBody bounds the size of a submitted form.
const MaxFormBody = 64 << 10

// base is the data every page's layout needs.
type base struct {
	Title string
	User  *vigil.User
	CSRF  string
	Flash string // a one-time message from the previous request
	Query string // the text of the search box
	// Updates flags the Updates folder: something new is worth a look.
	Updates bool
	// Sidebar lists the visitor's feeds beside the page.
	Sidebar []vigil.Subscription
}

// session is a signed-in web visitor as the pages see them: their
// httpauth session, the flash message left for the page they are reading,
// the Updates flag and the sidebar's subscriptions.
type session struct {
	*httpauth.Session
	Flash string
	// Updates is set when the Updates folder has something new worth a
	// look (its flag in the header).
	Updates bool
	// Sidebar holds the visitor's subscriptions for the pages' sidebar;
	// loaded for pages to read.
	Sidebar []vigil.Subscription
}

// webSession returns the visitor's session, or an EUNAUTHORIZED error
// when they are not signed in.
func (s *Handlers) webSession(r *http.Request) (*session, error) {
	as, err := s.auth.Session(r)
	if err != nil {
		return nil, err
	}
	return &session{Session: as}, nil
}

// Func is a page handler for a signed-in visitor; the error it returns
// is shown as an error page.
type Func func(w http.ResponseWriter, r *http.Request, sess *session) error

// Page requires a session, redirecting strangers to /login, checks the CSRF
// token of submitted forms, picks up the flash message of pages to read,
// and runs h.
func (s *Handlers) Page(h Func) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Cache-Control", "no-store")
		sess, err := s.webSession(r)
		var formErr error // a submitted form that cannot be read, said in words
		if err == nil && r.Method == http.MethodPost {
			formErr = parseForm(w, r)
		}
		switch {
		case vigil.ErrorCode(err) == vigil.EUNAUTHORIZED:
			http.Redirect(w, r, loginPath(r), http.StatusSeeOther)
		case err != nil:
			s.renderError(w, r, nil, err)
		case formErr != nil:
			s.renderError(w, r, sess, formErr)
		case r.Method == http.MethodPost && !sess.ValidCSRF(r.PostFormValue(httpauth.CSRFField)):
			s.renderStatus(w, r, sess, http.StatusForbidden, "this form has expired or came from another site; reload the page and try again")
		default:
			if r.Method == http.MethodGet {
				sess.Flash = s.takeFlash(w, r)
				sess.Updates = s.updatesFlag(r.Context(), sess.User.ID)
				sess.Sidebar, err = s.st.Subscriptions(r.Context(), sess.User.ID)
			}
			if err != nil {
				s.renderError(w, r, sess, err)
				return
			}
			if err := h(w, r, sess); err != nil {
				s.renderError(w, r, sess, err)
			}
		}
	}
}

// parseForm reads a submitted form of bounded size.
func parseForm(w http.ResponseWriter, r *http.Request) error {
	if strings.HasPrefix(r.Header.Get("Content-Type"), "multipart/form-data") {
		return parseMultipart(w, r)
	}
	r.Body = http.MaxBytesReader(w, r.Body, MaxFormBody)
	if err := r.ParseForm(); err != nil {
		var tooBig *http.MaxBytesError
		if errors.As(err, &tooBig) {
			return vigil.Errorf(vigil.EINVALID, "the form is larger than %d bytes", tooBig.Limit)
		}
		return vigil.Errorf(vigil.EINVALID, "the form is not validly encoded")
	}
	return nil
}

// base returns the layout data of a page titled title.
func (sess *session) base(title string) base {
	return base{Title: title, User: sess.User, CSRF: sess.CSRF, Flash: sess.Flash, Updates: sess.Updates, Sidebar: sess.Sidebar}
}

// pageNames are the templates rendered as whole pages; partials are the
// templates they share.
var (
	pageNames = []string{"login.html", "error.html", "index.html", "feed.html", "items.html", "item.html", "unsubscribe.html",
		"search.html", "interests.html", "foryou.html", "updates.html", "watched.html", "diff.html", "version.html", "dashboard.html",
		"settings.html"}
	partials = []string{"templates/layout.html", "templates/itemlist.html", "templates/channels.html", "templates/rating.html"}
)

// parsePages parses every page template together with the shared partials.
func (s *Handlers) parsePages() map[string]*template.Template {
	pages := make(map[string]*template.Template, len(pageNames))
	for _, name := range pageNames {
		t := template.New(name).Funcs(s.funcs()).Funcs(pageFuncs())
		pages[name] = template.Must(t.ParseFS(assets, append([]string{"templates/" + name}, partials...)...))
	}
	return pages
}

// render executes a page into a buffer and sends it with status, so that a
// failing template yields a clean 500 rather than half a page.
func (s *Handlers) render(w http.ResponseWriter, r *http.Request, status int, name string, data any) {
	var buf bytes.Buffer
	if err := s.pages[name].ExecuteTemplate(&buf, "layout", data); err != nil {
		s.log.Error("server: unable to render page", "page", name, "path", r.URL.Path, "err", err)
		http.Error(w, "internal error", http.StatusInternalServerError)
		return
	}
	w.Header().Set("Content-Type", "text/html; charset=utf-8")
	w.WriteHeader(status)
	w.Write(buf.Bytes())
}

// errorView is the data of the error page.
type errorView struct {
	base
	Status  int
	Message string
}

// renderError shows err as an error page with its status.
func (s *Handlers) renderError(w http.ResponseWriter, r *http.Request, sess *session, err error) {
	status, msg := httperr.Explain(s.log, "server", r, err)
	s.renderStatus(w, r, sess, status, msg)
}

// renderStatus shows an error page with the given status and message.
func (s *Handlers) renderStatus(w http.ResponseWriter, r *http.Request, sess *session, status int, msg string) {
	view := errorView{base: base{Title: http.StatusText(status)}, Status: status, Message: msg}
	if sess != nil {
		view.base = sess.base(http.StatusText(status))
	}
	s.render(w, r, status, "error.html", view)
}
