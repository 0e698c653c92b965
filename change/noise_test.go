package change

import (
	"fmt"
	"testing"
)

func TestNoiseStats(t *testing.T) {
	page := func(fetch int) string {
		news := "Quiet week."
		if fetch >= 6 {
			news = "Big release!"
		}
		return fmt.Sprintf(`<html><body><p id="date">Fetched %d</p><div class="ad">Ad %d</div>`+
			`<p id="news">%s</p></body></html>`, fetch, fetch*7, news)
	}
	var s NoiseStats
	prev := mustExtract(t, page(0), "text/html", ExtractOptions{})
	for f := 1; f <= 8; f++ {
		cur := mustExtract(t, page(f), "text/html", ExtractOptions{})
		s.Observe(prev, cur)
		prev = cur
	}
	s.ObserveUnchanged()
	got := s.Blocks(NoiseOptions{})
	want := []string{"body/div.ad:0", "body/p#date:0"}
	if fmt.Sprint(got) != fmt.Sprint(want) {
		t.Errorf("noise = %v, want %v (stats %+v)", got, want, s)
	}
	if b := (&NoiseStats{Fetches: 4, Changed: map[string]int{"x": 4}}).Blocks(NoiseOptions{}); b != nil {
		t.Errorf("noise after 4 fetches = %v, want none before MinFetches", b)
	}
	// With the noise left out, only the news counts.
	o := ExtractOptions{Noise: got}
	a := mustExtract(t, page(1), "text/html", o)
	b := mustExtract(t, page(2), "text/html", o)
	if e := Compare(a, b); e.Any {
		t.Errorf("date and ad changes count: %+v", e)
	}
	c := mustExtract(t, page(7), "text/html", o)
	if e := Compare(a, c); !e.Any || e.Severity != Important {
		t.Errorf("the news change: %+v", e)
	}
}
