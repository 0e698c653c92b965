package api

import (
	_ "embed"
	"net/http"
)

// openAPI is the OpenAPI document of the JSON API; package server's tests
// check that it names every API route and only those.
//
//go:embed openapi.json
var openAPI []byte

// OpenAPI serves the API's OpenAPI document. It needs no authentication:
// it describes the API, not anyone's data.
func (s *Handlers) OpenAPI(w http.ResponseWriter, r *http.Request) {
	w.Header().Set("Content-Type", "application/json; charset=utf-8")
	w.Write(openAPI)
}
