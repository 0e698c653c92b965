package pagereplay

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"testing"
)

// versionsOf makes versions of the given bodies, named v000, v001, ...
func versionsOf(bodies []string) []Version {
	out := make([]Version, len(bodies))
	for i, b := range bodies {
		out[i] = Version{Name: fmt.Sprintf("v%03d", i), Read: func(context.Context) ([]byte, error) { return []byte(b), nil }}
	}
	return out
}

// newsPage is a synthetic page with the phenomena of the real histories:
// the whitespace before a script, the script's token, an obfuscated
// e-mail link whose href rotates at every serve while its text stays,
// and the news item that really changes.
func newsPage(i int, news string) string {
	space := ""
	if i%2 == 1 {
		space = " "
	}
	return fmt.Sprintf(`<!DOCTYPE html><html><head><title>Parish news</title></head><body>
<h1>Parish news</h1><ul><li><a href="/about">About us</a></li><li><a href="/events">Events</a></li>
<li><a href="/contact">Contact</a></li><li><a href="/donate">Donate</a></li></ul>
<p>%s</p>%s<script>window.token="%08x";</script>
<p>Write to <a href="/cdn-cgi/l/email-protection#%08x">[email&#160;protected]</a></p></body></html>`, news, space, i*7919, i*104729)
}

func TestReplayMarkupOnlyAndFlipFlops(t *testing.T) {
	var bodies []string
	news := []string{"Choir practice on Thursday.", "Choir practice on Thursday.", "Choir practice on Thursday.",
		"Harvest supper on Saturday.", "Choir practice on Thursday.", "Harvest supper on Saturday.",
		"Choir practice on Thursday.", "Harvest supper on Saturday.", "Bake sale after the service."}
	for i, n := range news {
		bodies = append(bodies, newsPage(i, n))
	}
	rep, err := Run(context.Background(), versionsOf(bodies), Options{Dir: t.TempDir()})
	if err != nil {
		t.Fatal(err)
	}
	t.Logf("%+v", rep)
	if rep.Versions != len(bodies) || rep.Stored != len(bodies) {
		t.Errorf("versions %d stored %d, want %d each (every body differs)", rep.Versions, rep.Stored, len(bodies))
	}
	if rep.ZeroExtent != 0 {
		t.Errorf("zero-extent changes at %v", rep.ZeroExtentVersions)
	}
	if rep.Told != 2 {
		t.Errorf("told %d changes, want 2: the first flip and the bake sale", rep.Told)
	}
}

func TestFromDirOrdersByName(t *testing.T) {
	dir := t.TempDir()
	for _, n := range []string{"002.html", "001.html", ".hidden", "010.html"} {
		if err := os.WriteFile(filepath.Join(dir, n), []byte(n), 0o600); err != nil {
			t.Fatal(err)
		}
	}
	vs, err := FromDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, v := range vs {
		b, err := v.Read(context.Background())
		if err != nil || string(b) != v.Name {
			t.Errorf("version %s reads %q, %v", v.Name, b, err)
		}
		got = append(got, v.Name)
	}
	if fmt.Sprint(got) != "[001.html 002.html 010.html]" {
		t.Errorf("versions %v, want the three files in name order", got)
	}
	if _, err := FromDir(t.TempDir()); err == nil {
		t.Error("an empty directory gave no error")
	}
}
