package change

import (
	"fmt"
	"slices"
	"strings"
	"testing"
	"time"
)

// observeAll feeds the versions to a new NoiseStats in order.
func observeAll(t *testing.T, versions []string) *NoiseStats {
	t.Helper()
	var s NoiseStats
	prev := mustExtract(t, versions[0], "text/html", ExtractOptions{})
	for _, v := range versions[1:] {
		cur := mustExtract(t, v, "text/html", ExtractOptions{})
		s.Observe(prev, cur)
		prev = cur
	}
	return &s
}

// versionsOf makes n versions of a page from f.
func versionsOf(n int, f func(i int) string) []string {
	out := make([]string, n)
	for i := range out {
		out[i] = "<html><body>" + f(i) + "</body></html>"
	}
	return out
}

func TestNoiseLearn(t *testing.T) {
	news := func(i int) string {
		if i >= 6 {
			return `<p id="news">Big release!</p>`
		}
		return `<p id="news">Quiet week.</p>`
	}
	ads := []string{"Buy shoes", "Fly to Rome", "New phones", "Cheap loans", "Hot tubs", "Gym deals", "Car wash", "Pet food", "Sofa sale", "Bike shop"}
	banners := []string{"Open today", "Closed today"}
	tests := []struct {
		name     string
		versions []string
		opts     NoiseOptions
		want     Learned
	}{
		{"counters and dates are numbers", versionsOf(9, func(i int) string {
			return fmt.Sprintf(`<p id="date">Updated %d:%02d</p><div class="views">%d views</div>`, 12, i, 1200+i*7) + news(i)
		}), NoiseOptions{}, Learned{Numbers: []string{"body/div.views:0", "body/p#date:0"}}},
		{"a block whose words change is a block", versionsOf(9, func(i int) string {
			return `<div class="ad">` + ads[i] + `</div>` + news(i)
		}), NoiseOptions{}, Learned{Blocks: []string{"body/div.ad:0"}}},
		{"a condition on a number keeps numbers", versionsOf(9, func(i int) string {
			return fmt.Sprintf(`<p id="price">%d EUR</p>`, 100+i)
		}), NoiseOptions{KeepNumbers: true}, Learned{}},
		{"forgotten numbers are never learned, as any kind", versionsOf(9, func(i int) string {
			return fmt.Sprintf(`<p id="date">Updated 12:%02d</p>`, i)
		}), NoiseOptions{Forgotten: []string{"numbers:body/p#date:0"}}, Learned{}},
		{"too few fetches", versionsOf(4, func(i int) string {
			return fmt.Sprintf(`<p id="date">Updated 12:%02d</p>`, i)
		}), NoiseOptions{}, Learned{}},
		{"a rotating cache-buster beside an unchanged anchor", versionsOf(6, func(i int) string {
			return fmt.Sprintf(`<a href="/app.css?v=%d&amp;lang=en">Style</a><a href="/x?id=%d">%s</a>`, 1000+i, i/4, ads[i/4])
		}), NoiseOptions{}, Learned{Params: []string{"v"}}},
		{"read-more links are not paired", versionsOf(6, func(i int) string {
			return fmt.Sprintf(`<a href="/x?id=%d">Read more</a><a href="/x?id=%d">Read more</a>`, i, i+1)
		}), NoiseOptions{}, Learned{}},
		{"forgotten parameter", versionsOf(6, func(i int) string {
			return fmt.Sprintf(`<a href="/?sid=%x">Home</a>`, 0xabc0+i)
		}), NoiseOptions{Forgotten: []string{"param:sid"}}, Learned{}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s := observeAll(t, tt.versions)
			s.ObserveUnchanged()
			got := s.Learn(tt.opts)
			if fmt.Sprint(got) != fmt.Sprint(tt.want) {
				t.Errorf("learned %+v, want %+v (stats %+v)", got, tt.want, s)
			}
		})
	}
	t.Run("alternating block", func(t *testing.T) {
		s := observeAll(t, versionsOf(8, func(i int) string {
			return `<p id="shop">` + banners[i%2] + `</p>` + news(i)
		}))
		got := s.Learn(NoiseOptions{})
		if len(got.Blocks) != 0 || len(got.Values) != 2 || !strings.HasPrefix(got.Values[0], "body/p#shop:0\t") {
			t.Fatalf("learned %+v, want the two values of body/p#shop:0", got)
		}
		o := got.Apply(ExtractOptions{})
		a := mustExtract(t, versionsOf(1, func(int) string { return `<p id="shop">Open today</p>` })[0], "text/html", o)
		b := mustExtract(t, versionsOf(1, func(int) string { return `<p id="shop">Closed today</p>` })[0], "text/html", o)
		c := mustExtract(t, versionsOf(1, func(int) string { return `<p id="shop">Closed for good</p>` })[0], "text/html", o)
		if e := Compare(a, b); e.Visible {
			t.Errorf("a known value counts: %+v", e)
		}
		if e := Compare(b, c); !e.Visible {
			t.Errorf("a new value of the alternating block does not count: %+v", e)
		}
	})
}

func TestNoiseNumbersLeftOut(t *testing.T) {
	o := ExtractOptions{NoiseNumbers: []string{"body/p#date:0"}}
	page := func(line string) *Document {
		return mustExtract(t, `<html><body><p id="date">`+line+`</p><p>Stable text here.</p></body></html>`, "text/html", o)
	}
	tests := []struct {
		name     string
		old, new string
		visible  bool
	}{
		{"time", "Updated 12:03", "Updated 12:07", false},
		{"date and weekday", "Updated Sat 29 Nov 2025", "Updated Sun 30 Nov 2025", false},
		{"counter", "1,234 views", "1,299 views", false},
		{"a word changes", "Updated 12:03", "Withdrawn 12:07", true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			a, b := page(tt.old), page(tt.new)
			if e := Compare(a, b); e.Visible != tt.visible {
				t.Errorf("visible = %v, want %v (%+v)", e.Visible, tt.visible, e)
			}
			if tt.visible {
				return
			}
			if a.Digest != b.Digest {
				t.Errorf("digests differ: the masked line's numbers enter them")
			}
			if v := Diff(a, b); v.Changes != 0 || v.Noise != 2 {
				t.Errorf("diff view: %d changes, %d noise lines, want 0 and 2", v.Changes, v.Noise)
			}
		})
	}
}

func TestLinkTargetParams(t *testing.T) {
	tests := []struct {
		name string
		o    ExtractOptions
		href string
		want string
	}{
		{"fragment", ExtractOptions{}, "/cdn-cgi/l/email-protection#a1b2c3", "/cdn-cgi/l/email-protection"},
		{"trackers kept without the rule", ExtractOptions{}, "/a?utm_source=x&id=3", "/a?utm_source=x&id=3"},
		{"trackers", ExtractOptions{Trackers: true}, "/a?utm_source=x&id=3&fbclid=Z&UTM_Medium=m&gclid=1", "/a?id=3"},
		{"only trackers", ExtractOptions{Trackers: true}, "/a?utm_campaign=x", "/a"},
		{"session in the path", ExtractOptions{Trackers: true}, "/a;jsessionid=ABC?x=1", "/a?x=1"},
		{"learned parameter", ExtractOptions{NoiseParams: []string{"v", "_"}}, "/app.css?v=123&_=1700000000&lang=en", "/app.css?lang=en"},
		{"escaped name", ExtractOptions{NoiseParams: []string{"a b"}}, "/q?a%20b=1&c=2", "/q?c=2"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			d := mustExtract(t, `<html><body><a href="`+tt.href+`">link</a></body></html>`, "text/html", tt.o)
			if want := []string{tt.want}; !slices.Equal(d.Links, want) {
				t.Errorf("links = %q, want %q", d.Links, want)
			}
		})
	}
}

func TestObfuscatedMailtoIsOneLink(t *testing.T) {
	a := mustExtract(t, `<html><body><a href="&#109;ailto:&#97;b@example.org">mail</a></body></html>`, "text/html", ExtractOptions{})
	b := mustExtract(t, `<html><body><a href="mai&#x6c;to:a&#x62;@example.org">mail</a></body></html>`, "text/html", ExtractOptions{})
	if e := Compare(a, b); e.Visible {
		t.Errorf("the same address written with other entities counts: %+v", e)
	}
}

func TestNoiseItemsAndMark(t *testing.T) {
	s := observeAll(t, versionsOf(7, func(i int) string {
		return fmt.Sprintf(`<p id="date">Updated 12:%02d</p><a href="/a.css?v=%d">Style</a>`, i, i)
	}))
	t0 := time.Date(2026, 11, 29, 3, 0, 0, 0, time.UTC)
	s.Mark(t0, NoiseOptions{})
	s.Mark(t0.Add(time.Hour), NoiseOptions{})
	got := s.Items(NoiseOptions{})
	want := []NoiseItem{
		{Key: "numbers:body/p#date:0", Kind: NoiseNumbers, Target: "body/p#date:0", Since: t0},
		{Key: "param:v", Kind: NoiseParam, Target: "v", Since: t0},
	}
	if fmt.Sprint(got) != fmt.Sprint(want) {
		t.Errorf("items = %+v, want %+v", got, want)
	}
	s.Mark(t0.Add(2*time.Hour), NoiseOptions{Forgotten: []string{"param:v"}})
	if _, ok := s.Since["param:v"]; ok {
		t.Errorf("a forgotten item keeps its time: %v", s.Since)
	}
}

func TestParseNoiseKey(t *testing.T) {
	tests := []struct {
		key    string
		kind   string
		target string
		ok     bool
	}{
		{"param:v", NoiseParam, "v", true},
		{"numbers:body/p#a:0", NoiseNumbers, "body/p#a:0", true},
		{"values:line:3", NoiseValues, "line:3", true},
		{"param:", "", "", false},
		{"colour:red", "", "", false},
		{"v", "", "", false},
	}
	for _, tt := range tests {
		kind, target, err := ParseNoiseKey(tt.key)
		if (err == nil) != tt.ok || kind != tt.kind || target != tt.target {
			t.Errorf("ParseNoiseKey(%q) = %q, %q, %v", tt.key, kind, target, err)
		}
	}
}

func TestNoiseRecorded(t *testing.T) {
	s := observeAll(t, versionsOf(7, func(i int) string {
		return fmt.Sprintf(`<p id="date">Updated 12:%02d</p><p id="shop">%s</p>`, i, []string{"Open", "Closed"}[i%2])
	}))
	t0 := time.Date(2026, 11, 29, 3, 0, 0, 0, time.UTC)
	if got, want := s.Recorded(NoiseOptions{}), s.Items(NoiseOptions{}); fmt.Sprint(got) != fmt.Sprint(want) || len(got) != 2 {
		t.Errorf("never marked: recorded %v, want the items %v", got, want)
	}
	s.Mark(t0, NoiseOptions{KeepNumbers: true})
	got := s.Recorded(NoiseOptions{})
	if len(got) != 1 || got[0].Key != "values:body/p#shop:0" || !got[0].Since.Equal(t0) {
		t.Fatalf("recorded %+v, want the alternating block alone (numbers kept)", got)
	}
	if l := s.Leave(got); len(l.Values) != 2 || l.Numbers != nil {
		t.Errorf("leave %+v, want the two values", l)
	}
	if got := s.Recorded(NoiseOptions{Forgotten: []string{"block:body/p#shop:0"}}); len(got) != 0 {
		t.Errorf("a forgotten block is still recorded: %+v", got)
	}
}
