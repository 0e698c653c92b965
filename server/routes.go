package server

import (
	"io/fs"
	"net/http"
)

// routes registers every endpoint: the public ones, the reader-app APIs,
// the JSON API and the pages.
//
// The Google Reader API is matched by path prefix ahead of the mux (see
// prefixRoute): its paths carry stream IDs such as
// feed/https://example.com/feed, whose "//" the mux would clean away with
// a redirect.
func (s *Server) routes() {
	reader := s.readerAPI() // readerapi.go
	s.handlePrefix("/reader/", reader)
	s.handlePrefix("/accounts/", reader)

	static, err := fs.Sub(assets, "static")
	if err != nil {
		panic(err) // the embedded tree is fixed at build time
	}
	s.mux.HandleFunc("GET /healthz", s.healthz)
	s.mux.HandleFunc("GET /readyz", s.readyz)
	if s.metrics != nil {
		s.mux.HandleFunc("GET /metrics", s.serveMetrics)
	}
	s.mux.Handle("GET /static/", http.StripPrefix("/static/", http.FileServerFS(static)))
	s.mux.HandleFunc("GET /login", s.loginForm)
	s.mux.HandleFunc("POST /login", s.login)

	s.mux.HandleFunc("GET /api/me", s.api(s.apiMe))
	s.mux.HandleFunc("PUT /api/me/interests", s.api(s.apiSetInterests))
	s.mux.HandleFunc("GET /api/search", s.api(s.apiSearch))
	s.mux.HandleFunc("GET /api/feeds", s.api(s.apiFeeds))
	s.mux.HandleFunc("POST /api/feeds", s.api(s.apiAddFeed))
	s.mux.HandleFunc("GET /api/feeds/{id}", s.api(s.apiFeed))
	s.mux.HandleFunc("PATCH /api/feeds/{id}", s.api(s.apiSetWeight))
	s.mux.HandleFunc("DELETE /api/feeds/{id}", s.api(s.apiUnsubscribe))
	s.mux.HandleFunc("GET /api/feeds/{id}/observations", s.api(s.apiObservations))
	s.mux.HandleFunc("GET /api/feeds/{id}/profile", s.api(s.apiFeedProfile))
	s.mux.HandleFunc("GET /api/feeds/{id}/chart.svg", s.api(s.apiFeedChart))
	s.mux.HandleFunc("GET /api/channels/search", s.api(s.apiSearchChannels))
	s.mux.HandleFunc("GET /api/recommendations", s.api(s.apiRecommendations))
	s.mux.HandleFunc("GET /api/items", s.api(s.apiItems))
	s.mux.HandleFunc("GET /api/items/{id}", s.api(s.apiItem))
	s.mux.HandleFunc("POST /api/items/read", s.api(s.apiMarkRead))
	s.mux.HandleFunc("POST /api/items/star", s.api(s.apiStar))
	s.mux.HandleFunc("GET /api/notices", s.api(s.apiNotices))
	s.mux.HandleFunc("PUT /api/me/fever", s.api(s.apiSetFeverPassword))
	s.mux.HandleFunc("DELETE /api/me/fever", s.api(s.apiDeleteFeverPassword))
	s.routePages()
	s.mux.HandleFunc("/api/", s.api(s.apiNoRoute))
	fever := s.feverAPI() // feverapi.go
	s.mux.Handle("/fever/", fever)
	s.mux.Handle("/fever", fever)

	s.mux.HandleFunc("GET /{$}", s.page(s.indexPage))
	s.mux.HandleFunc("POST /logout", s.page(s.logout))
	s.mux.HandleFunc("POST /feeds", s.page(s.addFeedForm))
	s.mux.HandleFunc("GET /feeds/{id}", s.page(s.feedPage))
	s.mux.HandleFunc("GET /feeds/{id}/chart.svg", s.page(s.feedChartPage))
	s.mux.HandleFunc("GET /dashboard", s.page(s.dashboardPage))
	s.mux.HandleFunc("GET /opml", s.page(s.exportOPMLPage))
	s.mux.HandleFunc("POST /opml", s.page(s.importOPMLForm))
	s.mux.HandleFunc("POST /feeds/{id}/weight", s.page(s.weightForm))
	s.mux.HandleFunc("POST /feeds/{id}/folder", s.page(s.folderForm))
	s.mux.HandleFunc("GET /feeds/{id}/unsubscribe", s.page(s.unsubscribePage))
	s.mux.HandleFunc("POST /feeds/{id}/unsubscribe", s.page(s.unsubscribeForm))
	s.mux.HandleFunc("GET /items", s.page(s.itemsPage))
	s.mux.HandleFunc("GET /items/{id}", s.page(s.itemPage))
	s.mux.HandleFunc("POST /items/{id}/unread", s.page(s.unreadForm))
	s.mux.HandleFunc("POST /items/{id}/read", s.page(s.readForm))
	s.mux.HandleFunc("POST /items/{id}/star", s.page(s.starForm))
	s.mux.HandleFunc("POST /items/read", s.page(s.markAllReadForm))
	s.mux.HandleFunc("GET /search", s.page(s.searchPage))
	s.mux.HandleFunc("GET /for-you", s.page(s.forYouPage))
	s.mux.HandleFunc("GET /interests", s.page(s.interestsPage))
	s.mux.HandleFunc("POST /interests", s.page(s.interestsForm))
	s.mux.HandleFunc("/", s.notFound)
}

// notFound answers a path that matches no route with the error page, with
// the visitor's header when they are signed in.
func (s *Server) notFound(w http.ResponseWriter, r *http.Request) {
	w.Header().Set("Cache-Control", "no-store")
	sess, err := s.webSession(r)
	if err != nil {
		sess = nil
	}
	s.renderStatus(w, r, sess, http.StatusNotFound, "there is no page at "+r.URL.Path)
}

// healthz answers load balancers and supervisors.
func (s *Server) healthz(w http.ResponseWriter, r *http.Request) {
	w.Header().Set("Content-Type", "text/plain; charset=utf-8")
	w.Write([]byte("ok"))
}
