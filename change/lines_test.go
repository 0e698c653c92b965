package change

import (
	"encoding/base64"
	"encoding/json"
	"strings"
	"testing"

	"vigil/internal/courtcal"
)

// allLines returns d's lines as a list.
func allLines(d *Document) []Line {
	var out []Line
	for _, l := range d.Lines.All() {
		out = append(out, l)
	}
	return out
}

func TestLinesRoundTripThroughJSON(t *testing.T) {
	cal, _ := courtcal.New(7, 40<<10).HTML()
	tests := []struct {
		name, body, contentType string
		opts                    ExtractOptions
	}{
		{"calendar", string(cal), "text/html", ExtractOptions{}},
		{"escaped text and attributes", `<p class="a">Tom &amp; "Jerry" <a href="/x?a=1&b=2">it's</a></p><p>x</p>`, "text/html", ExtractOptions{}},
		{"ignore rule and noise", `<div id="n"><p>12 visitors</p></div><p>stays</p><p>stays</p>`, "text/html",
			ExtractOptions{Ignore: []string{"^stays$"}, Noise: []string{"html/body/div#n/p:0"}}},
		{"plain text", "one\n\ntwo & three\n", "text/plain", ExtractOptions{}},
		{"invalid bytes", "<p>\xff\xfe<b>\x80</b></p>", "text/html", ExtractOptions{}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			d := mustExtract(t, tt.body, tt.contentType, tt.opts)
			data, err := json.Marshal(d)
			if err != nil {
				t.Fatal(err)
			}
			var back Document
			if err := json.Unmarshal(data, &back); err != nil {
				t.Fatal(err)
			}
			want, got := allLines(d), allLines(&back)
			if len(got) != len(want) || len(want) == 0 {
				t.Fatalf("%d lines back, want %d (not 0)", len(got), len(want))
			}
			for i := range want {
				if got[i] != want[i] {
					t.Fatalf("line %d: %+v, want %+v", i, got[i], want[i])
				}
			}
			// EncodeJSON writes the same document, its lines last.
			enc, err := d.EncodeJSON()
			if err != nil {
				t.Fatal(err)
			}
			var fromEnc Document
			if err := json.Unmarshal(enc, &fromEnc); err != nil {
				t.Fatal(err)
			}
			again, _ := json.Marshal(&fromEnc)
			if string(again) != string(data) || len(enc) != len(data) {
				t.Errorf("EncodeJSON's document differs from json.Marshal's (%d and %d bytes)", len(enc), len(data))
			}
		})
	}
}

func TestLinesReadTheListStoredBefore(t *testing.T) {
	lines := []Line{{Kind: StartTag, HTML: "<p>"}, {Kind: TextLine, HTML: "a &amp; b", Text: "a & b", Block: "html/body/p:0", Noise: true},
		{Kind: EndTag, HTML: "</p>"}, {Kind: TextLine, HTML: "c", Text: "c", Block: "line:x"}, {Kind: TextLine, HTML: "d", Text: "d", Block: "q:12", Ignored: true, Numbers: true}}
	data, err := json.Marshal(map[string]any{"Digest": "x", "Lines": lines})
	if err != nil {
		t.Fatal(err)
	}
	var d Document
	if err := json.Unmarshal(data, &d); err != nil {
		t.Fatal(err)
	}
	got := allLines(&d)
	if len(got) != len(lines) {
		t.Fatalf("%d lines, want %d", len(got), len(lines))
	}
	for i := range lines {
		if got[i] != lines[i] {
			t.Errorf("line %d: %+v, want %+v", i, got[i], lines[i])
		}
	}
}

func TestLinesRefuseMalformedRecords(t *testing.T) {
	// The binary form: texts, tags, paths, then the records.
	form := func(b ...byte) string {
		return `"` + base64.StdEncoding.EncodeToString(b) + `"`
	}
	tests := []struct{ name, lines string }{
		{"tag past the table", form(0, 1, 3, '<', 'p', '>', 0, 1, 5)},
		{"text past the texts", form(3, 'a', 'b', '\n', 0, 1, 1, 'p', 3, 5, 0, 0)},
		{"path past the table", form(3, 'a', 'b', '\n', 0, 0, 3, 2, 0, 0)},
		{"no kind", form(0, 1, 3, '<', 'p', '>', 0, 0, 0)},
		{"texts longer than the form", form(9, 'a')},
		{"a record cut short", form(0, 1, 3, '<', 'p', '>', 0, 1)},
		{"not base64", `"!!"`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var ls Lines
			if err := json.Unmarshal([]byte(tt.lines), &ls); err == nil || !strings.Contains(err.Error(), "malformed") {
				t.Errorf("err = %v, want malformed lines", err)
			}
		})
	}
	var ls Lines
	if err := json.Unmarshal([]byte(form(3, 'a', 'b', '\n', 1, 1, '<', 1, 1, 'p', 3, 2, 0, 4, 1, 0)), &ls); err != nil || ls.Len() != 2 ||
		ls.At(0) != (Line{Kind: TextLine, Text: "ab", HTML: "ab", Block: "p:3"}) || ls.At(1).HTML != "<" {
		t.Errorf("a well-formed form: %v, %d lines %+v", err, ls.Len(), ls.recs)
	}
}
