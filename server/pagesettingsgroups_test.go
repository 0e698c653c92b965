package server

import (
	"context"
	"fmt"
	"net/http"
	"net/url"
	"slices"
	"strings"
	"testing"

	"golang.org/x/net/html"
)

// settingsGroups reads the page settings form of a page's view: each
// fieldset's legend with the names of the fields inside it, in order.
func settingsGroups(t *testing.T, page string) (legends []string, fields map[string][]string) {
	t.Helper()
	doc, err := html.Parse(strings.NewReader(page))
	if err != nil {
		t.Fatal(err)
	}
	fields = map[string][]string{}
	var form *html.Node
	for n := range doc.Descendants() {
		if n.Type == html.ElementNode && n.Data == "form" && strings.HasSuffix(attr(n, "action"), "/settings") {
			form = n
		}
	}
	if form == nil {
		t.Fatalf("no settings form on the page's view:\n%s", page)
	}
	for fs := range form.Descendants() {
		if fs.Type != html.ElementNode || fs.Data != "fieldset" {
			continue
		}
		legend := ""
		for n := range fs.Descendants() {
			switch {
			case n.Type == html.ElementNode && n.Data == "legend":
				legend = strings.TrimSpace(n.FirstChild.Data)
				legends = append(legends, legend)
			case n.Type == html.ElementNode && (n.Data == "input" || n.Data == "select" || n.Data == "textarea") && attr(n, "name") != "":
				if !slices.Contains(fields[legend], attr(n, "name")) {
					fields[legend] = append(fields[legend], attr(n, "name"))
				}
			}
		}
	}
	return legends, fields
}

// attr is the value of an element's attribute, "" when it has none.
func attr(n *html.Node, name string) string {
	for _, a := range n.Attr {
		if a.Key == name {
			return a.Val
		}
	}
	return ""
}

// TestPageSettingsFormGroups checks that the settings form of a page's
// view groups its fields by what is watched, how it is read and when the
// follower is told (the first two for the first follower only), and that
// every field of every group is saved and shown again.
func TestPageSettingsFormGroups(t *testing.T) {
	e := newEnv(t, Config{})
	ann, bob := e.user("ann"), e.user("bob")
	page, _ := pageWithChange(t, e, ann, bob)
	watched := []string{"kinds", "selector", "xpath", "jq", "render", "wait_for"}
	read := []string{"ignore", "returns"}
	told := []string{"threshold", "frequency", "conditions"}
	tests := []struct {
		who     tester
		legends []string
	}{
		{ann, []string{"What is watched", "How it is read", "When I am told"}},
		{bob, []string{"When I am told"}},
	}
	for _, tt := range tests {
		b := e.browser()
		b.login(tt.who)
		_, _, view := b.get(fmt.Sprintf("/pages/%d", page))
		legends, fields := settingsGroups(t, view)
		if !slices.Equal(legends, tt.legends) {
			t.Errorf("%s's settings form groups %q, want %q", tt.who.Name, legends, tt.legends)
		}
		want := map[string][]string{"When I am told": told}
		if len(tt.legends) == 3 {
			want["What is watched"], want["How it is read"] = watched, read
		}
		for legend, names := range want {
			if !slices.Equal(fields[legend], names) {
				t.Errorf("%s's %q group holds %q, want %q", tt.who.Name, legend, fields[legend], names)
			}
		}
	}

	b := e.browser()
	b.login(ann)
	form := url.Values{"csrf": {b.csrf()}, "owner": {"1"}, "kinds": {"text", "links"}, "selector": {"main"},
		"render": {"1"}, "wait_for": {"#done"}, "ignore": {"^Updated\n^Views"}, "returns": {"3"},
		"threshold": {"important"}, "frequency": {"weekly"}, "conditions": {"appears:Sale"}}
	if status, _, body := b.post(fmt.Sprintf("/pages/%d/settings", page), form); status != http.StatusSeeOther {
		t.Fatalf("ann's settings form: %d\n%s", status, body)
	}
	p, err := e.st.Page(context.Background(), page)
	if err != nil {
		t.Fatal(err)
	}
	if strings.Join(p.Kinds, ",") != "text,links" || p.Selector != "main" || !p.Render || p.WaitFor != "#done" ||
		strings.Join(p.Ignore, "|") != "^Updated|^Views" || p.Returns != 3 {
		t.Errorf("the page's settings after the form: %+v", p)
	}
	pf, err := e.st.PageFollow(context.Background(), ann.ID, page)
	if err != nil {
		t.Fatal(err)
	}
	if pf.Threshold != "important" || pf.Frequency != "weekly" || len(pf.Conditions) != 1 || pf.Conditions[0].String() != "appears:Sale" {
		t.Errorf("ann's follow after the form: %+v", pf)
	}
	_, _, view := b.get(fmt.Sprintf("/pages/%d", page))
	for _, shown := range []string{`name="selector" value="main"`, `name="wait_for" value="#done"`, "^Updated\n^Views", `value="3"`,
		"<option selected>important</option>", "<option selected>weekly</option>", "appears:Sale", "With the threshold important"} {
		if !strings.Contains(view, shown) {
			t.Errorf("the form after saving does not show %q", shown)
		}
	}
	// The Updates folder says what the threshold does: sent at once by the
	// agent's word, listed until others rate it, then by their ratings.
	_, _, folder := b.get("/updates")
	for _, says := range []string{"a new change the agent judges important or above is sent at once", "every change until someone else rates it, then only of those rated important or above"} {
		if !strings.Contains(folder, says) {
			t.Errorf("the Updates folder does not say %q:\n%s", says, folder)
		}
	}
}
