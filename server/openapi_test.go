package server

import (
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"slices"
	"strings"
	"testing"
)

// TestOpenAPIListsEveryAPIRoute checks that the served OpenAPI document,
// which needs no credentials, names every route of the JSON API and no
// other, and that the mux sends each documented method and path to the
// route the document names.
func TestOpenAPIListsEveryAPIRoute(t *testing.T) {
	e := newEnv(t, Config{})
	status, body := e.call("GET", "/api/openapi.json", "", nil)
	if status != http.StatusOK {
		t.Fatalf("GET /api/openapi.json without credentials: status %d, body %.300s", status, body)
	}
	doc := decode[struct {
		OpenAPI string                                `json:"openapi"`
		Paths   map[string]map[string]json.RawMessage `json:"paths"`
	}](t, body)
	if !strings.HasPrefix(doc.OpenAPI, "3.") {
		t.Errorf("openapi = %q, want a 3.x version", doc.OpenAPI)
	}
	var documented []string
	for path, ops := range doc.Paths {
		for method := range ops {
			documented = append(documented, strings.ToUpper(method)+" "+path)
		}
	}
	slices.Sort(documented)
	routed := slices.Sorted(slices.Values(e.srv.apiRoutes))
	for _, r := range routed {
		if _, found := slices.BinarySearch(documented, r); !found {
			t.Errorf("route %s is not in the OpenAPI document", r)
		}
	}
	for _, d := range documented {
		if _, found := slices.BinarySearch(routed, d); !found {
			t.Errorf("the OpenAPI document names %s, which is no API route", d)
		}
		method, path, _ := strings.Cut(d, " ")
		req := httptest.NewRequest(method, strings.ReplaceAll(path, "{id}", "7"), nil)
		if _, pattern := e.srv.mux.Handler(req); pattern != d {
			t.Errorf("%s %s goes to route %q, not %q", method, req.URL.Path, pattern, d)
		}
	}
	if len(routed) < 30 {
		t.Errorf("only %d API routes noted: %v", len(routed), routed)
	}
}
