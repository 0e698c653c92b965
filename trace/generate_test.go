package trace

import (
	"bytes"
	"math"
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"testing"
	"time"

	"vigil/estimate"
)

func TestGenerateDeterministic(t *testing.T) {
	cfg := GenConfig{Sources: 60, Days: 14, Seed: 7, Users: 3}
	p1, a1 := Generate(cfg)
	p2, a2 := Generate(cfg)
	if !reflect.DeepEqual(p1, p2) || !reflect.DeepEqual(a1, a2) {
		t.Fatal("the same seed gave different traces")
	}
	cfg.Seed = 8
	p3, _ := Generate(cfg)
	if reflect.DeepEqual(p1, p3) {
		t.Fatal("different seeds gave the same trace")
	}
	if p1.Count() == 0 || a1.Count() == 0 || len(a1.Users) != 3 {
		t.Fatalf("empty trace: %d postings, %d accesses", p1.Count(), a1.Count())
	}
	for _, s := range p1.Sources {
		if s.Window < 10 || s.Window > 20 {
			t.Errorf("%s: window %d outside 10..20", s.ID, s.Window)
		}
		for _, post := range s.Postings {
			if post.Time.Before(p1.Start) || !post.Time.Before(p1.End) || post.Title == "" {
				t.Fatalf("%s: posting %+v outside the period or without title", s.ID, post)
			}
		}
	}
}

func TestGenerateRoundTrip(t *testing.T) {
	p, a := Generate(GenConfig{Sources: 40, Days: 10, Seed: 3, Users: 2})
	var buf bytes.Buffer
	if err := WritePostings(&buf, p); err != nil {
		t.Fatal(err)
	}
	back, err := ReadPostings(&buf)
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(back.Sources, p.Sources) {
		t.Error("postings changed through WritePostings and ReadPostings")
	}
	path := filepath.Join(t.TempDir(), "users.tsv.gz")
	if err := WriteAccessesFile(path, a); err != nil {
		t.Fatal(err)
	}
	users, err := ReadAccessesFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(users.Users, a.Users) {
		t.Error("accesses changed through the gzip file")
	}
}

func TestWriteRejectsBadIDs(t *testing.T) {
	p := &Postings{Sources: []Source{{ID: "a\tb", Postings: []Posting{{Time: time.Unix(1, 0)}}}}}
	if err := WritePostings(&bytes.Buffer{}, p); err == nil || !strings.Contains(err.Error(), "tab") {
		t.Errorf("error %v for a source ID with a tab", err)
	}
	p.Sources[0] = Source{ID: "a", Postings: []Posting{{Time: time.Unix(1, 5e8), Title: "x\ty\nz"}}}
	var buf bytes.Buffer
	if err := WritePostings(&buf, p); err != nil {
		t.Fatal(err)
	}
	if got := buf.String(); got != "source\ttime\ttitle\na\t1.5\tx y z\n" {
		t.Errorf("written %q", got)
	}
}

func TestGenerateShapes(t *testing.T) {
	const days = 56
	p, _ := Generate(GenConfig{Sources: 400, Days: days, Seed: 11, NoTitles: true})
	checked, matched := map[string]int{}, map[string]int{}
	for _, s := range p.Sources {
		if len(s.Postings) < 10*days {
			continue // too few postings for the hourly diagnostics
		}
		want := s.ID[strings.LastIndexByte(s.ID, '-')+1:]
		times := make([]time.Time, len(s.Postings))
		for i, post := range s.Postings {
			times[i] = post.Time
		}
		counts, err := estimate.DailyCounts(times, p.Start, days)
		if err != nil {
			t.Fatal(err)
		}
		d, err := estimate.Diagnose(counts, estimate.ShapeConfig{})
		if err != nil {
			t.Fatal(err)
		}
		checked[want]++
		if string(d.Shape) == want {
			matched[want]++
		}
	}
	for _, shape := range []string{shapePeaks, shapeUniform, shapeWaves} {
		t.Logf("%s: %d of %d recognised", shape, matched[shape], checked[shape])
		if checked[shape] < 5 || float64(matched[shape]) < 0.85*float64(checked[shape]) {
			t.Errorf("%s: Diagnose recognised %d of %d sources", shape, matched[shape], checked[shape])
		}
	}
}

// traceStats are the figures FORMULAS.md §8 reports for real feeds.
type traceStats struct {
	topShare   float64 // share of postings from the 17% most productive sources
	over10     float64 // share of sources above 10 postings a day
	daily      float64 // share of sources with at least one posting a day
	meanPerH   float64 // mean rate per source, postings per hour
	slope      float64 // log-log slope of the density of postings per source
	drawn, got int
}

// measure computes traceStats over n drawn sources (empty ones included).
func measure(p *Postings, n int) traceStats {
	days := p.End.Sub(p.Start).Hours() / 24
	counts := make([]float64, n)
	for i, s := range p.Sources {
		counts[i] = float64(len(s.Postings))
	}
	slices.Sort(counts)
	slices.Reverse(counts)
	st := traceStats{drawn: n, got: len(p.Sources)}
	total, top := 0.0, 0.0
	for i, c := range counts {
		total += c
		if i < int(0.17*float64(n)) {
			top += c
		}
		if c/days > 10 {
			st.over10++
		}
		if c/days >= 1 {
			st.daily++
		}
	}
	st.topShare, st.over10, st.daily = top/total, st.over10/float64(n), st.daily/float64(n)
	st.meanPerH = total / float64(n) / days / 24
	st.slope = logLogSlope(counts, days/lawDays)
	return st
}

// logLogSlope fits log density against log count (scaled to 90 days) over
// logarithmic bins from 10 to 1,500 postings.
func logLogSlope(counts []float64, scale float64) float64 {
	const bins = 8
	lo, hi := math.Log(10), math.Log(1500)
	var xs, ys []float64
	for b := 0; b < bins; b++ {
		from := math.Exp(lo + (hi-lo)*float64(b)/bins)
		to := math.Exp(lo + (hi-lo)*float64(b+1)/bins)
		n := 0
		for _, c := range counts {
			if x := c / scale; x >= from && x < to {
				n++
			}
		}
		if n > 0 {
			xs = append(xs, math.Log(math.Sqrt(from*to)))
			ys = append(ys, math.Log(float64(n)/(to-from)))
		}
	}
	mx, my := mean(xs), mean(ys)
	var sxy, sxx float64
	for i := range xs {
		sxy += (xs[i] - mx) * (ys[i] - my)
		sxx += (xs[i] - mx) * (xs[i] - mx)
	}
	return sxy / sxx
}

// mean is the arithmetic mean of v.
func mean(v []float64) float64 {
	s := 0.0
	for _, x := range v {
		s += x
	}
	return s / float64(len(v))
}

func TestGenerateRates(t *testing.T) {
	const n = 3000
	p, _ := Generate(GenConfig{Sources: n, Days: 90, Seed: 5, NoTitles: true})
	st := measure(p, n)
	t.Logf("top 17%% share %.2f (seeds 0.97), >10/day %.2f (0.20), >=1/day %.2f (0.32), mean %.3f/h (0.284), slope %.2f (-0.78), %d of %d sources non-empty",
		st.topShare, st.over10, st.daily, st.meanPerH, st.slope, st.got, st.drawn)
	if st.slope < -0.95 || st.slope > -0.6 {
		t.Errorf("log-log slope %.2f, want about -0.78", st.slope)
	}
	if st.over10 < 0.1 || st.over10 > 0.3 {
		t.Errorf("share of sources above 10 a day %.2f, want near 0.2", st.over10)
	}
}

func TestGenerateWeekdays(t *testing.T) {
	p, a := Generate(GenConfig{Sources: 300, Days: 28, Seed: 9, Users: 10, NoTitles: true})
	var posts, reads [7]int
	for _, s := range p.Sources {
		for _, post := range s.Postings {
			posts[post.Time.Weekday()]++
		}
	}
	for _, u := range a.Users {
		for _, acc := range u.Accesses {
			reads[acc.Time.Weekday()]++
		}
	}
	for name, c := range map[string][7]int{"postings": posts, "accesses": reads} {
		weekday := float64(c[1]+c[2]+c[3]+c[4]+c[5]) / 5
		weekend := float64(c[0]+c[6]) / 2
		if weekday <= 1.2*weekend {
			t.Errorf("%s per weekday %.0f, per weekend day %.0f: want weekdays busier", name, weekday, weekend)
		}
	}
}

func TestGenerateUsersHabits(t *testing.T) {
	_, a := Generate(GenConfig{Sources: 1, Days: 56, Seed: 2, Users: 5})
	for _, u := range a.Users {
		var hours [24]int
		for _, acc := range u.Accesses {
			hours[acc.Time.Hour()]++
		}
		// Two to four habitual hours (each possibly spilling into the next)
		// hold most of the accesses.
		sorted := hours[:]
		slices.Sort(sorted)
		busiest := 0
		for _, c := range sorted[16:] {
			busiest += c
		}
		if float64(busiest) < 0.8*float64(len(u.Accesses)) {
			t.Errorf("%s: the 8 busiest hours hold %d of %d accesses", u.ID, busiest, len(u.Accesses))
		}
	}
}

// TestGenerateLooks checks looks: asking for them changes no access time;
// each user looks at no more than the asked number of the trace's
// sources; and the sources follow the habits: for every user, some source
// gets most of its looks (70% or more) at one habitual hour.
func TestGenerateLooks(t *testing.T) {
	cfg := GenConfig{Sources: 40, Days: 56, Seed: 2, Users: 5, NoTitles: true}
	_, plain := Generate(cfg)
	cfg.Looks = 6
	p, looks := Generate(cfg)
	known := map[string]bool{}
	for _, s := range p.Sources {
		known[s.ID] = true
	}
	for i, u := range looks.Users {
		if len(u.Accesses) != len(plain.Users[i].Accesses) {
			t.Fatalf("%s: %d looks, %d accesses without looks", u.ID, len(u.Accesses), len(plain.Users[i].Accesses))
		}
		byHour := map[string]map[int]int{}
		for j, acc := range u.Accesses {
			if !acc.Time.Equal(plain.Users[i].Accesses[j].Time) || !known[acc.Source] {
				t.Fatalf("%s: look %d at %v on %q; without looks %v", u.ID, j, acc.Time, acc.Source, plain.Users[i].Accesses[j].Time)
			}
			if byHour[acc.Source] == nil {
				byHour[acc.Source] = map[int]int{}
			}
			byHour[acc.Source][acc.Time.Hour()]++
		}
		if len(byHour) > cfg.Looks {
			t.Errorf("%s looks at %d sources, want at most %d", u.ID, len(byHour), cfg.Looks)
		}
		loyal := false
		for _, hours := range byHour {
			total, top := 0, 0
			for h, c := range hours {
				total += c
				top = max(top, c+hours[(h+1)%24]) // a habit may spill into the next hour
			}
			loyal = loyal || total >= 10 && float64(top) >= 0.7*float64(total)
		}
		if !loyal {
			t.Errorf("%s: no source is read mostly at one hour: %v", u.ID, byHour)
		}
	}
}

func BenchmarkGenerate10k(b *testing.B) {
	b.ReportAllocs()
	for b.Loop() {
		p, _ := Generate(GenConfig{Sources: 10000, Days: 90, Seed: 1, Users: 20})
		b.ReportMetric(float64(p.Count()), "postings")
	}
}

func BenchmarkGenerate10kNoTitles(b *testing.B) {
	b.ReportAllocs()
	for b.Loop() {
		Generate(GenConfig{Sources: 10000, Days: 90, Seed: 1, Users: 20, NoTitles: true})
	}
}
