package profiler_test

import (
	"cmp"
	"os"
	"path/filepath"
	"slices"
	"testing"
	"time"

	"vigil/internal/benchsize"
	"vigil/profile"
	"vigil/text"
	"vigil/trace"
)

// The channel search quality measure: on the reddit trace, each channel
// (subreddit) with at least sqMinTitles titles is profiled from all its
// titles but the last sqHeldOut, and each held-out title, as a query, must
// find its channel among all the profiles; the held-out titles together,
// as a reader's profile, must find it too (a recommendation).
const (
	sqMinTitles = 40
	sqHeldOut   = 10
	sqDepth     = 100 // ranks beyond this count as a miss
	// sqTestEvery keeps every sqTestEvery-th qualifying channel for the
	// test, so that it runs in seconds.
	sqTestEvery = 4
	// sqMaxLoss is the acceptance rule: the caps may lower an MRR by
	// less than 2 points.
	sqMaxLoss = 0.02
)

// sqConfig is one profile configuration to measure.
type sqConfig struct {
	name      string
	maxTerms  int // profile.Config.MaxTerms
	termLimit int // profile.Corpus.SetTermLimit; 0 is unbounded
}

// sqPaper is the paper's profile: every term, an unbounded corpus.
var sqPaper = sqConfig{"paper", -1, 0}

// sqDefault is the live profiler's: default caps on profiles and corpus.
var sqDefault = sqConfig{"default", 0, profile.DefaultTermLimit}

// sqConfigs are the configurations the benchmark measures.
var sqConfigs = []sqConfig{sqPaper, sqDefault, {"max64", 64, profile.DefaultTermLimit}, {"max128", 128, profile.DefaultTermLimit}}

// sqChannel is one channel's analysed titles, oldest first.
type sqChannel struct {
	id    int64
	train [][]string // folded into the profile
	held  [][]string // the queries
}

// sqFold is one training title: channel index and title index.
type sqFold struct{ ch, title int }

// sqData is the data of the measure.
type sqData struct {
	channels []sqChannel
	order    []sqFold // every training title, in time order
	titles   int      // number of training titles
}

// sqTracePath returns the reddit trace: under $VIGIL_SHARED, else under
// the shared directory beside the repository.
func sqTracePath() string {
	shared := os.Getenv("VIGIL_SHARED")
	if shared == "" {
		shared = filepath.Join("..", "..", "shared")
	}
	return filepath.Join(shared, "traces", "reddit-2013q3.tsv.gz")
}

// loadSearchData reads the trace and keeps every every-th channel (by ID)
// with at least sqMinTitles titles, analysed as the simulator analyses
// titles. A missing trace fails tb.
func loadSearchData(tb testing.TB, every int) *sqData {
	tb.Helper()
	p, err := trace.ReadPostingsFile(sqTracePath())
	if err != nil {
		tb.Fatalf("the reddit trace is needed (set VIGIL_SHARED to the shared directory): %v", err)
	}
	an, err := text.NewAnalyzer(text.Config{})
	if err != nil {
		tb.Fatal(err)
	}
	d := &sqData{}
	var times []time.Time
	for _, s := range qualifying(p.Sources, every) {
		ch := sqChannel{id: int64(len(d.channels) + 1)}
		cut := len(s.Postings) - sqHeldOut
		for j, post := range s.Postings {
			terms := an.Terms(nil, post.Title)
			if j < cut {
				ch.train = append(ch.train, terms)
				d.order = append(d.order, sqFold{len(d.channels), j})
				times = append(times, post.Time)
			} else {
				ch.held = append(ch.held, terms)
			}
		}
		d.channels = append(d.channels, ch)
	}
	d.titles = len(d.order)
	sortByTime(d.order, times)
	return d
}

// qualifying returns every every-th source with at least sqMinTitles
// postings, in ID order.
func qualifying(sources []trace.Source, every int) []trace.Source {
	var out []trace.Source
	n := 0
	for _, s := range sources {
		if len(s.Postings) < sqMinTitles {
			continue
		}
		if n%every == 0 {
			out = append(out, s)
		}
		n++
	}
	return out
}

// sortByTime orders the folds by their times, equal times by channel.
func sortByTime(order []sqFold, times []time.Time) {
	idx := make([]int, len(order))
	for i := range idx {
		idx[i] = i
	}
	slices.SortStableFunc(idx, func(a, b int) int {
		if c := times[a].Compare(times[b]); c != 0 {
			return c
		}
		return cmp.Compare(order[a].ch, order[b].ch)
	})
	sorted := make([]sqFold, len(order))
	for i, j := range idx {
		sorted[i] = order[j]
	}
	copy(order, sorted)
}

// buildIndex profiles every channel as the live profiler does: each
// training title, in time order, is folded alone into its channel through
// one shared corpus, and the corpus is pruned after each. Then every
// channel's vector, with the final idf, is put in the index, as the
// profiler does when it starts. (The live profiler also puts the vector
// after each fold; Put reads nothing of the corpus and the last Put
// replaces the others, so that would give the same index, slower. Prune
// is safe either way: the windows hold every term in use.)
func buildIndex(tb testing.TB, d *sqData, cfg sqConfig) (*profile.Corpus, *profile.Index) {
	tb.Helper()
	corpus, index := &profile.Corpus{}, &profile.Index{}
	if err := corpus.SetTermLimit(cfg.termLimit); err != nil {
		tb.Fatal(err)
	}
	chans := make([]*profile.Channel, len(d.channels))
	for i := range chans {
		ch, err := profile.NewChannel(profile.Config{K: profile.DefaultK, Beta: profile.DefaultBeta, MaxTerms: cfg.maxTerms})
		if err != nil {
			tb.Fatal(err)
		}
		chans[i] = ch
	}
	for _, f := range d.order {
		chans[f.ch].Fold(corpus, d.channels[f.ch].train[f.title:f.title+1])
		corpus.Prune()
	}
	for i, ch := range chans {
		index.Put(d.channels[i].id, ch.Vector(corpus))
	}
	return corpus, index
}

// rankOf returns the 1-based rank of channel id among the hits of q, 0
// when it is not in the first sqDepth, and -1 when q has no known term.
func rankOf(index *profile.Index, q profile.Vector, id int64) int {
	if q.Len() == 0 {
		return -1
	}
	for i, h := range index.Search(q, sqDepth, nil) {
		if h.ID == id {
			return i + 1
		}
	}
	return 0
}

// sqRanks are the ranks of the true channel in one configuration: one per
// held-out title (search) and one per channel (recommendation).
type sqRanks struct{ search, recommend []int }

// measure builds the index under cfg and ranks every query.
func measure(tb testing.TB, d *sqData, cfg sqConfig) sqRanks {
	tb.Helper()
	corpus, index := buildIndex(tb, d, cfg)
	var r sqRanks
	for _, ch := range d.channels {
		var all []string
		for _, terms := range ch.held {
			r.search = append(r.search, rankOf(index, profile.QueryVector(corpus, terms), ch.id))
			all = append(all, terms...)
		}
		r.recommend = append(r.recommend, rankOf(index, profile.QueryVector(corpus, all), ch.id))
	}
	return r
}

// sqScores summarises ranks: the number of queries, how many of them had
// no known term in this configuration, MRR, hit@1 and hit@10.
type sqScores struct {
	n, empty         int
	mrr, hit1, hit10 float64
}

// score summarises ranks over the queries that ref (the paper's ranks)
// could ask: those with a known term in the unbounded corpus. A query
// that lost every term in this configuration counts as a miss.
func score(ranks, ref []int) sqScores {
	var s sqScores
	for i, r := range ranks {
		if ref[i] < 0 {
			continue
		}
		s.n++
		switch {
		case r < 0:
			s.empty++
		case r > 0:
			s.mrr += 1 / float64(r)
			s.hit1 += b2f(r == 1)
			s.hit10 += b2f(r <= 10)
		}
	}
	if s.n > 0 {
		s.mrr, s.hit1, s.hit10 = s.mrr/float64(s.n), s.hit1/float64(s.n), s.hit10/float64(s.n)
	}
	return s
}

// b2f returns 1 for true, else 0.
func b2f(b bool) float64 {
	if b {
		return 1
	}
	return 0
}

// sqResult is the scores of one configuration.
type sqResult struct {
	cfg               sqConfig
	search, recommend sqScores
	elapsed           time.Duration
}

// measureAll measures each configuration against the paper's, which it
// measures first.
func measureAll(tb testing.TB, d *sqData, cfgs []sqConfig) []sqResult {
	tb.Helper()
	start := time.Now()
	ref := measure(tb, d, sqPaper)
	out := []sqResult{{sqPaper, score(ref.search, ref.search), score(ref.recommend, ref.recommend), time.Since(start)}}
	for _, cfg := range cfgs {
		if cfg == sqPaper {
			continue
		}
		start = time.Now()
		r := measure(tb, d, cfg)
		out = append(out, sqResult{cfg, score(r.search, ref.search), score(r.recommend, ref.recommend), time.Since(start)})
	}
	return out
}

// logResult logs the scores of one configuration.
func logResult(tb testing.TB, r sqResult) {
	tb.Helper()
	s, c := r.search, r.recommend
	tb.Logf("%-7s search: MRR %.4f hit@1 %.4f hit@10 %.4f over %d queries (%d lost every term); recommend: MRR %.4f hit@1 %.4f hit@10 %.4f over %d channels; %.1f s",
		r.cfg.name, s.mrr, s.hit1, s.hit10, s.n, s.empty, c.mrr, c.hit1, c.hit10, c.n, r.elapsed.Seconds())
}

// TestChannelSearchQuality checks on a quarter of the reddit channels that
// the default caps on profiles and corpus lower the MRR of channel search
// and of recommendation by less than sqMaxLoss from the paper's profiles.
func TestChannelSearchQuality(t *testing.T) {
	d := loadSearchData(t, sqTestEvery)
	t.Logf("%d channels (every %d-th with at least %d titles), %d training titles", len(d.channels), sqTestEvery, sqMinTitles, d.titles)
	res := measureAll(t, d, []sqConfig{sqDefault})
	for _, r := range res {
		logResult(t, r)
	}
	paper, def := res[0], res[1]
	if loss := paper.search.mrr - def.search.mrr; loss > sqMaxLoss {
		t.Errorf("default caps lower the search MRR by %.4f (%.4f → %.4f), more than %.2f", loss, paper.search.mrr, def.search.mrr, sqMaxLoss)
	}
	if loss := paper.recommend.mrr - def.recommend.mrr; loss > sqMaxLoss {
		t.Errorf("default caps lower the recommendation MRR by %.4f (%.4f → %.4f), more than %.2f", loss, paper.recommend.mrr, def.recommend.mrr, sqMaxLoss)
	}
}

// BenchmarkChannelSearchQuality measures every configuration on every
// reddit channel with at least sqMinTitles titles and reports, per
// configuration, the search MRR, hit@1 and hit@10 and the recommendation
// MRR ("rmrr"). When the documentation's test runs its command
// (internal/benchsize) it keeps the test's share of the channels.
func BenchmarkChannelSearchQuality(b *testing.B) {
	d := loadSearchData(b, benchsize.Pick(1, sqTestEvery))
	b.Logf("%d channels, %d training titles", len(d.channels), d.titles)
	var res []sqResult
	for b.Loop() {
		res = measureAll(b, d, sqConfigs)
	}
	for _, r := range res {
		logResult(b, r)
		b.ReportMetric(r.search.mrr, "mrr-"+r.cfg.name)
		b.ReportMetric(r.search.hit1, "hit1-"+r.cfg.name)
		b.ReportMetric(r.search.hit10, "hit10-"+r.cfg.name)
		b.ReportMetric(r.recommend.mrr, "rmrr-"+r.cfg.name)
	}
}
