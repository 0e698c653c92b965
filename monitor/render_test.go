package monitor

import (
	"context"
	"net/http"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"vigil"
	"vigil/internal/longtest"
	"vigil/render"
	"vigil/store"
)

// scripted is a page whose visible text its script writes: the bytes
// differ between versions only inside the script.
func scripted(price string) string {
	return `<html><head><title>Kettle</title></head><body><h1>Kettle</h1><p id="price"></p>
<p>A kettle that boils water for tea, coffee and soup in under two minutes.</p>
<script>document.getElementById("price").textContent = "Price: " + "` + price + `" + " EUR";</script></body></html>`
}

// TestRenderedPageChanges: a change of the text a script writes is a
// change of a page watched with Render, and no change of the same page
// fetched as bytes (the script is not content).
func TestRenderedPageChanges(t *testing.T) {
	longtest.Need(t)
	longtest.Tool(t, "chromium", "apt-get install -y chromium")
	pool, err := render.New(render.Config{AllowPrivate: true, Timeout: 30 * time.Second})
	if err != nil {
		t.Fatal(err)
	}
	defer pool.Close()
	tests := []struct {
		name    string
		render  bool
		changes int
	}{
		{"rendered", true, 1},
		{"as bytes", false, 0},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			h := newHarness(t, Config{})
			h.mon.render = pool
			srv, sw := serve(t, html(scripted("24.90")))
			f := h.followPage(srv.URL + "/kettle")
			if err := h.st.SetPageReading(context.Background(), h.user.ID, f.ID, vigil.PageReading{Render: tt.render}); err != nil {
				t.Fatal(err)
			}
			h.fetch(f.ID)
			sw.set(html(scripted("19.90")))
			h.clk.Advance(time.Hour)
			if _, got := h.fetch(f.ID); got.LastError != "" {
				t.Fatalf("fetch failed: %s", got.LastError)
			}
			changes, err := h.st.Changes(context.Background(), store.ChangeQuery{FeedID: f.ID})
			if err != nil || len(changes) != tt.changes {
				t.Fatalf("%d changes (%v), want %d", len(changes), err, tt.changes)
			}
			v, err := h.st.Versions(context.Background(), f.ID, 1)
			if err != nil || len(v) != 1 {
				t.Fatalf("versions %v, %v", v, err)
			}
			latest, _ := h.st.Version(context.Background(), v[0].ID)
			if tt.render && !strings.Contains(string(latest.Body), `<p id="price">Price: 19.90 EUR</p>`) {
				t.Errorf("the stored version is not the rendered DOM: %s", latest.Body)
			}
			if tt.render && changes[0].Severity == "negligible" {
				t.Errorf("the rendered price change is %s: %s", changes[0].Severity, changes[0].Summary)
			}
		})
	}
}

// TestRenderedPageWithoutBrowser: with no browser, a page watched with
// Render fails, naming the package to install, and stores no version.
func TestRenderedPageWithoutBrowser(t *testing.T) {
	_, noBrowser := render.New(render.Config{Browser: "/nonexistent/chromium"})
	tests := []struct {
		name   string
		reason error
	}{
		{"no reason given", nil},
		{"the pool's reason", noBrowser},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			h := newHarness(t, Config{})
			h.mon.noRender = tt.reason
			srv, _ := serve(t, html(scripted("1")))
			f := h.followPage(srv.URL + "/kettle")
			if err := h.st.SetPageReading(context.Background(), h.user.ID, f.ID, vigil.PageReading{Render: true}); err != nil {
				t.Fatal(err)
			}
			_, got := h.fetch(f.ID)
			if !strings.Contains(got.LastError, "chromium") || h.page(f.ID).Versions != 0 {
				t.Errorf("last error %q with %d versions; want a failure naming chromium", got.LastError, h.page(f.ID).Versions)
			}
		})
	}
}

// TestRenderedPageTimeout: a rendered page whose element waited for comes
// only at its second load (as on a busy machine) is tried again and its
// version stored; one whose element never comes records an error saying
// the render timed out, even when tried again, and stores nothing.
func TestRenderedPageTimeout(t *testing.T) {
	longtest.Need(t)
	longtest.Tool(t, "chromium", "apt-get install -y chromium")
	pool, err := render.New(render.Config{AllowPrivate: true, Timeout: 2 * time.Second})
	if err != nil {
		t.Fatal(err)
	}
	defer pool.Close()
	tests := []struct {
		name      string
		readyFrom int32 // the load from which the page has the element; 0: never
		versions  int
		lastError string
	}{
		{"ready at the second try", 2, 1, ""},
		{"never ready", 0, 0, "the page did not finish rendering within 2s, nor within 4s when tried again"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			h := newHarness(t, Config{})
			h.mon.render = pool
			var loads atomic.Int32
			srv, _ := serve(t, func(w http.ResponseWriter, r *http.Request) {
				if r.URL.Path != "/kettle" {
					http.NotFound(w, r)
					return
				}
				body := `<p>Loading the price</p>`
				if n := loads.Add(1); tt.readyFrom > 0 && n >= tt.readyFrom {
					body = `<p id="price">Price: 24.90 EUR</p>`
				}
				html(`<html><body><h1>Kettle</h1>`+body+`</body></html>`)(w, r)
			})
			f := h.followPage(srv.URL + "/kettle")
			if err := h.st.SetPageReading(context.Background(), h.user.ID, f.ID, vigil.PageReading{Render: true, WaitFor: "#price"}); err != nil {
				t.Fatal(err)
			}
			_, got := h.fetch(f.ID)
			if got.LastError != tt.lastError || h.page(f.ID).Versions != tt.versions || loads.Load() != 2 {
				t.Fatalf("last error %q, %d versions after %d loads; want %q, %d versions after 2",
					got.LastError, h.page(f.ID).Versions, loads.Load(), tt.lastError, tt.versions)
			}
		})
	}
}
