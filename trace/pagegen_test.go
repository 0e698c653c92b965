package trace

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

func TestGeneratePages(t *testing.T) {
	cfg := PageGenConfig{Pages: 300, Days: 28, Seed: 5}
	p, err := GeneratePages(cfg)
	if err != nil {
		t.Fatal(err)
	}
	q, _ := GeneratePages(cfg)
	var a, b bytes.Buffer
	if err := WritePostings(&a, p); err != nil {
		t.Fatal(err)
	}
	WritePostings(&b, q)
	if a.String() != b.String() {
		t.Fatal("the same seed gave different traces")
	}
	var office, any int
	for _, s := range p.Sources {
		perDay := float64(len(s.Postings)) / 28
		if perDay > 8*1.6 {
			t.Errorf("%s: %.1f changes a day, above the 8 drawn at most", s.ID, perDay)
		}
		for _, c := range s.Postings {
			if c.Time.Before(p.Start) || !c.Time.Before(p.End) {
				t.Fatalf("%s: change at %v outside [%v, %v)", s.ID, c.Time, p.Start, p.End)
			}
			if strings.HasSuffix(s.ID, "-office") && !officeHours(c.Time) {
				t.Fatalf("%s: change at %v outside working hours", s.ID, c.Time)
			}
		}
		if strings.HasSuffix(s.ID, "-office") {
			office++
		} else {
			any++
		}
	}
	if office < 100 || any < 100 {
		t.Errorf("%d office pages and %d others, want about half each", office, any)
	}
}

func TestGeneratePagesBadBounds(t *testing.T) {
	if _, err := GeneratePages(PageGenConfig{MinPerDay: 5, MaxPerDay: 1}); err == nil {
		t.Error("MinPerDay above MaxPerDay gave no error")
	}
}

func TestReadPageChangesFile(t *testing.T) {
	dir := t.TempDir()
	good := filepath.Join(dir, "pages.tsv")
	os.WriteFile(good, []byte("source\ttime\np1\t1700000000\np1\t1700003600\np2\t1700000100\n"), 0o600)
	p, err := ReadPageChangesFile(good)
	if err != nil || len(p.Sources) != 2 || p.Sources[0].Postings[1].Time != time.Unix(1700003600, 0).UTC() {
		t.Fatalf("read %+v, %v", p, err)
	}
	bad := filepath.Join(dir, "window.tsv")
	os.WriteFile(bad, []byte("source\ttime\twindow\np1\t1700000000\t10\n"), 0o600)
	if _, err := ReadPageChangesFile(bad); err == nil || !strings.Contains(err.Error(), "has a window") {
		t.Errorf("a window column: %v", err)
	}
}
