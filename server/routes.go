package server

import "net/http"

// routes registers every endpoint of the server, in one list: the public
// ones, the reader-app APIs (Google Reader, Fever), the JSON API (package
// api) and the pages (package web).
//
// The Google Reader API is matched by path prefix ahead of the mux (see
// prefixRoute): its paths carry stream IDs such as
// feed/https://example.com/feed, whose "//" the mux would clean away with
// a redirect.
func (s *Server) routes() {
	api, web := s.api, s.web

	reader := s.readerAPI() // readerapi.go
	s.handlePrefix("/reader/", reader)
	s.handlePrefix("/accounts/", reader)
	fever := s.feverAPI() // feverapi.go
	s.mux.Handle("/fever/", fever)
	s.mux.Handle("/fever", fever)

	s.mux.HandleFunc("GET /healthz", s.healthz)
	s.mux.HandleFunc("GET /readyz", s.readyz)
	if s.metrics != nil {
		s.mux.HandleFunc("GET /metrics", s.serveMetrics)
	}
	s.mux.Handle("GET /static/", http.StripPrefix("/static/", web.Static()))
	s.mux.HandleFunc("GET /login", web.LoginForm)
	s.mux.HandleFunc("POST /login", web.Login)

	s.handleAPI("GET /api/me", api.JSON(api.Me))
	s.handleAPI("PUT /api/me/interests", api.JSON(api.SetInterests))
	s.handleAPI("GET /api/search", api.JSON(api.Search))
	s.handleAPI("GET /api/feeds", api.JSON(api.Feeds))
	s.handleAPI("POST /api/feeds", api.JSON(api.AddFeed))
	s.handleAPI("GET /api/feeds/{id}", api.JSON(api.Feed))
	s.handleAPI("PATCH /api/feeds/{id}", api.JSON(api.SetWeight))
	s.handleAPI("DELETE /api/feeds/{id}", api.JSON(api.Unsubscribe))
	s.handleAPI("GET /api/feeds/{id}/observations", api.JSON(api.Observations))
	s.handleAPI("GET /api/feeds/{id}/profile", api.JSON(api.FeedProfile))
	s.handleAPI("GET /api/feeds/{id}/chart.svg", api.JSON(api.FeedChart))
	s.handleAPI("GET /api/channels/search", api.JSON(api.SearchChannels))
	s.handleAPI("GET /api/recommendations", api.JSON(api.Recommendations))
	s.handleAPI("GET /api/items", api.JSON(api.Items))
	s.handleAPI("GET /api/items/{id}", api.JSON(api.Item))
	s.handleAPI("POST /api/items/read", api.JSON(api.MarkRead))
	s.handleAPI("POST /api/items/star", api.JSON(api.Star))
	s.handleAPI("GET /api/notices", api.JSON(api.Notices))
	s.handleAPI("PUT /api/me/password", api.JSON(api.SetPassword))
	s.handleAPI("POST /api/me/token", api.JSON(api.NewToken))
	s.handleAPI("PUT /api/me/fever", api.JSON(api.SetFeverPassword))
	s.handleAPI("DELETE /api/me/fever", api.JSON(api.DeleteFeverPassword))
	s.handleAPI("POST /api/pages", api.JSON(api.AddPage))
	s.handleAPI("GET /api/updates", api.JSON(api.Updates))
	s.handleAPI("GET /api/pages/{id}", api.JSON(api.Page))
	s.handleAPI("PUT /api/pages/{id}/settings", api.JSON(api.PageSettings))
	s.handleAPI("POST /api/pages/{id}/merge", api.JSON(api.MergePage))
	s.handleAPI("GET /api/changes", api.JSON(api.Changes))
	s.handleAPI("GET /api/changes/{id}", api.JSON(api.Change))
	s.handleAPI("POST /api/changes/{id}/rating", api.JSON(api.Rate))
	s.handleAPI("GET /api/me/digest", api.JSON(api.Digest))
	s.handleAPI("PUT /api/me/digest", api.JSON(api.SetDigest))
	s.handleAPI("GET /api/digest.atom", api.JSON(api.DigestAtom))
	s.handleAPI("GET /api/notify", api.JSON(api.NotifyChannels))
	s.handleAPI("POST /api/notify", api.JSON(api.AddNotifyChannel))
	s.handleAPI("DELETE /api/notify/{id}", api.JSON(api.RemoveNotifyChannel))
	s.handleAPI("POST /api/notify/{id}/test", api.JSON(api.TestNotifyChannel))
	s.handleAPI("GET /api/alerts", api.JSON(api.AlertRules))
	s.handleAPI("POST /api/alerts", api.JSON(api.AddAlertRule))
	s.handleAPI("DELETE /api/alerts/{id}", api.JSON(api.RemoveAlertRule))
	s.handleAPI("GET /api/openapi.json", api.OpenAPI)
	s.mux.HandleFunc("/api/", api.JSON(api.NoRoute))

	s.mux.HandleFunc("GET /{$}", web.Page(web.IndexPage))
	s.mux.HandleFunc("POST /logout", web.Page(web.Logout))
	s.mux.HandleFunc("POST /feeds", web.Page(web.AddFeedForm))
	s.mux.HandleFunc("GET /feeds/{id}", web.Page(web.FeedPage))
	s.mux.HandleFunc("GET /feeds/{id}/chart.svg", web.Page(web.FeedChartPage))
	s.mux.HandleFunc("GET /dashboard", web.Page(web.DashboardPage))
	s.mux.HandleFunc("GET /opml", web.Page(web.ExportOPMLPage))
	s.mux.HandleFunc("POST /opml", web.Page(web.ImportOPMLForm))
	s.mux.HandleFunc("POST /feeds/{id}/weight", web.Page(web.WeightForm))
	s.mux.HandleFunc("POST /feeds/{id}/folder", web.Page(web.FolderForm))
	s.mux.HandleFunc("POST /feeds/{id}/watch-page", web.Page(web.WatchPageForm))
	s.mux.HandleFunc("POST /feeds/{id}/check", web.Page(web.CheckNowForm))
	s.mux.HandleFunc("GET /feeds/{id}/unsubscribe", web.Page(web.UnsubscribePage))
	s.mux.HandleFunc("POST /feeds/{id}/unsubscribe", web.Page(web.UnsubscribeForm))
	s.mux.HandleFunc("GET /items", web.Page(web.ItemsPage))
	s.mux.HandleFunc("GET /items/{id}", web.Page(web.ItemPage))
	s.mux.HandleFunc("POST /items/{id}/unread", web.Page(web.UnreadForm))
	s.mux.HandleFunc("POST /items/{id}/read", web.Page(web.ReadForm))
	s.mux.HandleFunc("POST /items/{id}/star", web.Page(web.StarForm))
	s.mux.HandleFunc("POST /items/read", web.Page(web.MarkAllReadForm))
	s.mux.HandleFunc("GET /search", web.Page(web.SearchPage))
	s.mux.HandleFunc("GET /for-you", web.Page(web.ForYouPage))
	s.mux.HandleFunc("GET /interests", web.Page(web.InterestsPage))
	s.mux.HandleFunc("POST /interests", web.Page(web.InterestsForm))
	s.mux.HandleFunc("GET /updates", web.Page(web.UpdatesPage))
	s.mux.HandleFunc("POST /updates/digest", web.Page(web.DigestForm))
	s.mux.HandleFunc("GET /pages/{id}", web.Page(web.WatchedPage))
	s.mux.HandleFunc("POST /pages/{id}/settings", web.Page(web.PageSettingsForm))
	s.mux.HandleFunc("POST /pages/{id}/merge", web.Page(web.MergeForm))
	s.mux.HandleFunc("POST /pages/{id}/noise/forget", web.Page(web.ForgetNoiseForm))
	s.mux.HandleFunc("GET /changes/{id}", web.Page(web.ChangePage))
	s.mux.HandleFunc("POST /changes/{id}/rate", web.Page(web.RateForm))
	s.mux.HandleFunc("GET /versions/{id}", web.Page(web.VersionPage))
	s.mux.HandleFunc("GET /settings", web.Page(web.SettingsPage))
	s.mux.HandleFunc("POST /settings/password", web.Page(web.PasswordForm))
	s.mux.HandleFunc("POST /settings/token", web.Page(web.TokenForm))
	s.mux.HandleFunc("POST /settings/fever", web.Page(web.FeverForm))
	s.mux.HandleFunc("POST /settings/channels", web.Page(web.AddChannelForm))
	s.mux.HandleFunc("POST /settings/channels/{id}/test", web.Page(web.TestChannelForm))
	s.mux.HandleFunc("POST /settings/channels/{id}/remove", web.Page(web.RemoveChannelForm))
	s.mux.HandleFunc("POST /settings/alerts", web.Page(web.AddAlertForm))
	s.mux.HandleFunc("POST /settings/alerts/{id}/remove", web.Page(web.RemoveAlertForm))
	s.mux.HandleFunc("/", web.NotFound)
}

// handleAPI registers an endpoint of the JSON API and notes its pattern
// in apiRoutes, which the API's OpenAPI document must list.
func (s *Server) handleAPI(pattern string, h http.HandlerFunc) {
	s.mux.HandleFunc(pattern, h)
	s.apiRoutes = append(s.apiRoutes, pattern)
}

// healthz answers load balancers and supervisors.
func (s *Server) healthz(w http.ResponseWriter, r *http.Request) {
	w.Header().Set("Content-Type", "text/plain; charset=utf-8")
	w.Write([]byte("ok"))
}
