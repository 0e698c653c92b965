package server

import (
	"context"
	"fmt"
	"net/http"
	"net/url"
	"reflect"
	"strings"
	"testing"

	"vigil"
)

// TestPageConditionsInAPIAndForm sets a follower's conditions and the
// owner's reading settings through the JSON API and through the form on
// the page view, and checks what is refused and what is shown.
func TestPageConditionsInAPIAndForm(t *testing.T) {
	e := newEnv(t, Config{})
	ann, bob := e.user("ann"), e.user("bob")
	page, _ := pageWithChange(t, e, ann, bob)
	path := fmt.Sprintf("/api/pages/%d/settings", page)
	calls := []struct {
		name   string
		token  string
		body   map[string]any
		status int
		says   string
	}{
		{"conditions", bob.token, map[string]any{"conditions": []map[string]any{{"kind": "below", "value": 20, "selector": ".price"}}}, 200, `"kind":"below"`},
		{"unknown condition", bob.token, map[string]any{"conditions": []map[string]any{{"kind": "rises"}}}, 400, `condition kind \"rises\"`},
		{"condition with a bad selector", bob.token, map[string]any{"conditions": []map[string]any{{"kind": "above", "selector": "p["}}}, 400, "invalid CSS selector"},
		{"reading by a later follower", bob.token, map[string]any{"render": true}, 409, "first follower"},
		{"bad jq", ann.token, map[string]any{"jq": ".a |"}, 400, "invalid jq program"},
		{"bad xpath", ann.token, map[string]any{"xpath": "//p["}, 400, "invalid XPath"},
		{"reading by the owner", ann.token, map[string]any{"render": true, "wait_for": "#price", "jq": ".price"}, 200, ""},
	}
	for _, tt := range calls {
		t.Run(tt.name, func(t *testing.T) {
			status, body := e.call("PUT", path, tt.token, tt.body)
			if status != tt.status || !strings.Contains(string(body), tt.says) {
				t.Errorf("PUT %s: %d %s, want %d naming %q", path, status, body, tt.status, tt.says)
			}
		})
	}
	got := decode[struct {
		State  vigil.Page       `json:"page"`
		Follow vigil.PageFollow `json:"settings"`
	}](t, mustCall(t, e, "GET", fmt.Sprintf("/api/pages/%d", page), bob.token, nil))
	if want := (vigil.PageReading{Render: true, WaitFor: "#price", JQ: ".price"}); got.State.PageReading != want {
		t.Errorf("the page reads %+v, want %+v", got.State.PageReading, want)
	}
	if want := []vigil.Condition{{Kind: "below", Value: 20, Selector: ".price"}}; !reflect.DeepEqual(got.Follow.Conditions, want) {
		t.Errorf("bob's conditions %+v, want %+v", got.Follow.Conditions, want)
	}

	b := e.browser()
	b.login(ann)
	form := url.Values{"csrf": {b.csrf()}, "threshold": {"significant"}, "frequency": {"daily"}, "owner": {"1"}, "kinds": {"text"},
		"conditions": {"appears:In stock\n\nbelow:19.5@.price\n"}, "xpath": {`//p[@class="price"]`}, "render": {"1"}}
	if status, _, body := b.post(fmt.Sprintf("/pages/%d/settings", page), form); status != http.StatusSeeOther {
		t.Fatalf("the settings form: %d\n%s", status, body)
	}
	pf, _ := e.st.PageFollow(context.Background(), ann.ID, page)
	if want := []vigil.Condition{{Kind: "appears", Text: "In stock"}, {Kind: "below", Value: 19.5, Selector: ".price"}}; !reflect.DeepEqual(pf.Conditions, want) {
		t.Errorf("ann's conditions %+v, want %+v", pf.Conditions, want)
	}
	p, _ := e.st.Page(context.Background(), page)
	if p.XPath != `//p[@class="price"]` || !p.Render || p.WaitFor != "" || p.JQ != "" {
		t.Errorf("the page reads %+v after the form", p.PageReading)
	}
	_, _, html := b.get(fmt.Sprintf("/pages/%d", page))
	for _, want := range []string{"<code>appears:In stock</code>; <code>below:19.5@.price</code>", "rendered in a browser", `name="render" value="1" checked`} {
		if !strings.Contains(html, want) {
			t.Errorf("the page view lacks %q", want)
		}
	}
	form.Set("conditions", "below:cheap")
	if status, _, body := b.post(fmt.Sprintf("/pages/%d/settings", page), form); status != http.StatusBadRequest || !strings.Contains(body, "is not a number") {
		t.Errorf("a bad condition: %d, want 400 saying why", status)
	}
	if pf, _ := e.st.PageFollow(context.Background(), ann.ID, page); len(pf.Conditions) != 2 {
		t.Errorf("a refused form changed ann's conditions to %+v", pf.Conditions)
	}
}
