package server

// routePages registers the endpoints of watched pages (Glance et al.): the
// API and the web pages of the Updates folder, a page, a change's diff view
// and a stored version.
func (s *Server) routePages() {
	s.mux.HandleFunc("POST /api/pages", s.api(s.apiAddPage))
	s.mux.HandleFunc("GET /api/updates", s.api(s.apiUpdates))
	s.mux.HandleFunc("GET /api/pages/{id}", s.api(s.apiPage))
	s.mux.HandleFunc("PUT /api/pages/{id}/settings", s.api(s.apiPageSettings))
	s.mux.HandleFunc("POST /api/pages/{id}/merge", s.api(s.apiMergePage))
	s.mux.HandleFunc("GET /api/changes", s.api(s.apiChanges))
	s.mux.HandleFunc("GET /api/changes/{id}", s.api(s.apiChange))
	s.mux.HandleFunc("POST /api/changes/{id}/rating", s.api(s.apiRate))
	s.mux.HandleFunc("GET /api/me/digest", s.api(s.apiDigest))
	s.mux.HandleFunc("PUT /api/me/digest", s.api(s.apiSetDigest))
	s.mux.HandleFunc("GET /api/digest.atom", s.api(s.apiDigestAtom))

	s.mux.HandleFunc("GET /updates", s.page(s.updatesPage))
	s.mux.HandleFunc("POST /updates/digest", s.page(s.digestForm))
	s.mux.HandleFunc("GET /pages/{id}", s.page(s.watchedPage))
	s.mux.HandleFunc("POST /pages/{id}/settings", s.page(s.pageSettingsForm))
	s.mux.HandleFunc("POST /pages/{id}/merge", s.page(s.mergeForm))
	s.mux.HandleFunc("GET /changes/{id}", s.page(s.changePage))
	s.mux.HandleFunc("POST /changes/{id}/rate", s.page(s.rateForm))
	s.mux.HandleFunc("GET /versions/{id}", s.page(s.versionPage))
}
