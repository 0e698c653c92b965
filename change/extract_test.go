package change

import (
	"errors"
	"strings"
	"testing"
)

const jobsPage = `<!DOCTYPE html>
<html><head><title>Jobs at X</title><meta name="description" content="openings">
<script>var token = "a1b2";</script><style>p { color: red }</style></head>
<body>
<h1>Open positions</h1>
<div id="jobs"><p class="job">Welder in Grenoble, full time.</p>
<p class="job">Baker in Meylan, part time.</p></div>
<p id="visits">Visitors: 1234</p>
<a href="/apply">Apply</a> <a href="https://other.example/about">About</a> <a href="#top">Top</a>
<img src="/logo.png" alt="logo"><img src="/logo.png">
</body></html>`

func mustExtract(t *testing.T, body, ct string, o ExtractOptions) *Document {
	t.Helper()
	d, err := Extract([]byte(body), ct, o)
	if err != nil {
		t.Fatalf("Extract: %v", err)
	}
	return d
}

func TestExtractHTML(t *testing.T) {
	d := mustExtract(t, jobsPage, "text/html; charset=utf-8", ExtractOptions{Base: "https://jobs.example/list"})
	if d.Type != TypeHTML || d.Title != "Jobs at X" || d.Size != len(jobsPage) {
		t.Errorf("type %q, title %q, size %d", d.Type, d.Title, d.Size)
	}
	wantLinks := []string{"https://jobs.example/apply", "https://other.example/about"}
	if strings.Join(d.Links, " ") != strings.Join(wantLinks, " ") {
		t.Errorf("links = %v, want %v", d.Links, wantLinks)
	}
	if len(d.Images) != 1 || d.Images[0] != "https://jobs.example/logo.png" {
		t.Errorf("images = %v", d.Images)
	}
	if strings.Contains(d.Text, "token") || strings.Contains(d.Text, "color") {
		t.Errorf("script or style text kept: %q", d.Text)
	}
	for _, l := range d.Lines {
		if strings.Contains(l.HTML, "<script") || strings.Contains(l.HTML, "<style") {
			t.Errorf("line %q kept", l.HTML)
		}
	}
	if d.Words["welder"] != 1 || d.Words["time"] != 2 {
		t.Errorf("words = %v", d.Words)
	}
	if d.Tokens["welder"] != 1 || d.Tokens["time"] != 2 {
		t.Errorf("tokens = %v", d.Tokens)
	}
	if d.Phrases["grenobl welder"] == 0 {
		t.Errorf("phrases lack the affinity of welder and Grenoble: %v", d.Phrases)
	}
	if d.Digest != digest([]byte(jobsPage)) {
		t.Error("without filters the digest is not of the bytes")
	}
}

func TestExtractOptions(t *testing.T) {
	tests := []struct {
		name    string
		opts    ExtractOptions
		text    string
		missing string
	}{
		{"selector", ExtractOptions{Selector: "#jobs"}, "Welder in Grenoble, full time.\nBaker in Meylan, part time.\n", ""},
		{"nested matches once", ExtractOptions{Selector: "#jobs, .job"}, "Welder in Grenoble, full time.\nBaker in Meylan, part time.\n", ""},
		{"ignore rule", ExtractOptions{Ignore: []string{`^Visitors: \d+$`}}, "", "Visitors"},
		{"noise block", ExtractOptions{Noise: []string{"body/p#visits:0"}}, "", "Visitors"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			d := mustExtract(t, jobsPage, "text/html", tt.opts)
			if tt.text != "" && d.Text != tt.text {
				t.Errorf("text = %q, want %q", d.Text, tt.text)
			}
			if tt.missing != "" && strings.Contains(d.Text, tt.missing) {
				t.Errorf("text %q still holds %q", d.Text, tt.missing)
			}
			if d.Digest == digest([]byte(jobsPage)) {
				t.Error("a filtered page has the digest of its bytes")
			}
		})
	}
}

func TestExtractErrors(t *testing.T) {
	tests := []struct {
		name string
		opts ExtractOptions
		want string
	}{
		{"no match", ExtractOptions{Selector: "#prices"}, `selector matches nothing on the page (selector "#prices")`},
		{"bad selector", ExtractOptions{Selector: "div[["}, `invalid CSS selector "div[["`},
		{"bad rule", ExtractOptions{Ignore: []string{"("}}, `invalid ignore rule "("`},
		{"bad base", ExtractOptions{Base: "http://[::1"}, `invalid base URL`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := Extract([]byte(jobsPage), "text/html", tt.opts)
			if err == nil || !strings.Contains(err.Error(), tt.want) || !strings.HasPrefix(err.Error(), "change: ") {
				t.Fatalf("err = %v, want one containing %q", err, tt.want)
			}
		})
	}
	_, err := Extract([]byte(jobsPage), "text/html", ExtractOptions{Selector: "#prices"})
	if !errors.Is(err, ErrNoMatch) {
		t.Errorf("no-match error %v does not wrap ErrNoMatch", err)
	}
}

func TestExtractTypes(t *testing.T) {
	png := []byte("\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR")
	tests := []struct {
		name, body, ct, want string
	}{
		{"pdf by header", "%PDF-1.4 ...", "application/pdf", TypePDF},
		{"pdf sniffed", "%PDF-1.4 ...", "", TypePDF},
		{"image", string(png), "", TypeImage},
		{"plain text", "line one\nline two\n", "text/plain", TypeText},
		{"html sniffed", "<html><body><p>x</p></body></html>", "", TypeHTML},
		{"json", `{"a":1}`, "application/json", TypeText},
		{"json-ld", `{"a":1}`, "application/ld+json", TypeText},
		{"bad content type", "<p>x</p>", "text/html; charset", TypeHTML},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			d := mustExtract(t, tt.body, tt.ct, ExtractOptions{})
			if d.Type != tt.want {
				t.Fatalf("type = %q, want %q", d.Type, tt.want)
			}
			if !d.Measurable() && (d.Text != "" || len(d.Lines) != 0 || d.Digest == "") {
				t.Errorf("opaque document has text %q, %d lines, digest %q", d.Text, len(d.Lines), d.Digest)
			}
		})
	}
}

func TestExtractMalformed(t *testing.T) {
	for _, body := range []string{
		"<html><body><p>unclosed <b>bold <i>both</p></div></body>",
		"<<<>>>&&&;<p",
		"\x00\xff\xfe binary garbage <a href='%zz'>x</a>",
		"",
	} {
		d, err := Extract([]byte(body), "text/html", ExtractOptions{Base: "http://a.example/"})
		if err != nil {
			t.Errorf("Extract(%q): %v", body, err)
			continue
		}
		_ = Compare(d, d)
	}
}

func TestExtractCharset(t *testing.T) {
	latin1 := "<html><head><meta charset=\"iso-8859-1\"></head><body><p>caf\xe9</p></body></html>"
	d := mustExtract(t, latin1, "text/html", ExtractOptions{})
	if d.Words["café"] != 1 {
		t.Errorf("words = %v, want café decoded from Latin-1", d.Words)
	}
}
