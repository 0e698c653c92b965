package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"testing"
)

// TestPageDiffReadsBOMFileAsHTML checks that an HTML file saved with a
// UTF-8 byte order mark before its doctype is read as HTML: the same page
// without the mark shows no visible change, and its links count.
func TestPageDiffReadsBOMFileAsHTML(t *testing.T) {
	const page = `<!DOCTYPE html><html><head><title>Café</title></head><body><p>Crème brûlée</p><a href="/menu">Menu</a></body></html>`
	dir := t.TempDir()
	withBOM, plain := filepath.Join(dir, "bom.html"), filepath.Join(dir, "plain.html")
	if err := os.WriteFile(withBOM, append([]byte("\xef\xbb\xbf"), page...), 0o600); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(plain, []byte(page), 0o600); err != nil {
		t.Fatal(err)
	}
	code, out, errOut := cli(t, "", "", "page", "diff", "--json", withBOM, plain)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	var e struct {
		Visible  bool   `json:"visible"`
		Severity string `json:"severity"`
		Summary  string `json:"summary"`
	}
	if err := json.Unmarshal([]byte(out), &e); err != nil {
		t.Fatalf("output is not JSON: %v\n%s", err, out)
	}
	if e.Visible || e.Severity != "negligible" {
		t.Errorf("a byte order mark alone: %s, want no visible change", out)
	}
}
