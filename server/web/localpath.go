package web

import (
	"net/http"
	"net/url"
	"strings"
)

// maxLocalPath bounds the length of a path accepted for a redirect.
const maxLocalPath = 2048

// localPath returns raw when it is a path on this site, such as
// "/items?unread=1", and "" otherwise: when it is empty, an absolute URL, a
// scheme-relative "//host", or holds backslashes or control characters that
// browsers may read as slashes or drop. Only its result may be used as a
// redirect target taken from a request.
func localPath(raw string) string {
	if !strings.HasPrefix(raw, "/") || strings.HasPrefix(raw, "//") || len(raw) > maxLocalPath {
		return ""
	}
	for _, c := range raw {
		if c < 0x20 || c == 0x7f || c == '\\' {
			return ""
		}
	}
	u, err := url.Parse(raw)
	if err != nil || u.Scheme != "" || u.Host != "" || u.User != nil || u.Opaque != "" {
		return ""
	}
	return raw
}

// loginPath is where a stranger asking for r is sent: the login page,
// told to come back to the page they asked for when that was one to read.
func loginPath(r *http.Request) string {
	if (r.Method != http.MethodGet && r.Method != http.MethodHead) || r.URL.Path == "/" {
		return "/login"
	}
	return "/login?next=" + url.QueryEscape(r.URL.RequestURI())
}

// redirectBack sends the visitor to the local path named by the form field
// "return", or to fallback when it names none or another site.
func redirectBack(w http.ResponseWriter, r *http.Request, fallback string) {
	to := localPath(r.PostFormValue("return"))
	if to == "" {
		to = fallback
	}
	http.Redirect(w, r, to, http.StatusSeeOther)
}
