package server

import (
	"net/http"
	"strings"
	"testing"

	"vigil/server/web"
)

// A form that cannot be parsed is refused in words, without the parser's
// own text.
func TestFormErrorsInWords(t *testing.T) {
	e := newEnv(t, Config{})
	tests := []struct {
		name, body, want string
	}{
		{"bad escape", "name=%zz&password=x", "the form is not validly encoded"},
		{"too large", "name=" + strings.Repeat("a", web.MaxFormBody+1), "the form is larger than"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			req, err := http.NewRequest("POST", e.url+"/login", strings.NewReader(tt.body))
			if err != nil {
				t.Fatal(err)
			}
			req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
			status, body := e.do(http.DefaultClient, req)
			if status != http.StatusBadRequest || !strings.Contains(string(body), tt.want) {
				t.Errorf("status %d, body %s; want 400 saying %q", status, body, tt.want)
			}
			if strings.Contains(string(body), "escape") || strings.Contains(string(body), "http:") {
				t.Errorf("body %s shows the parser's text", body)
			}
		})
	}
}
