package sim

import "time"

// track is one source as the engine and the measures see it: posting and
// fetch times in Unix seconds, its window and its weight.
type track struct {
	posts   []int64
	terms   [][]string // each posting's analysed terms, nil without
	window  int
	weight  float64
	fetches []int64
	// dateless hides the postings' dates from the models, as a feed without
	// dates does (Config.NoDates, Config.DatelessShare).
	dateless bool
	// pushed marks a source whose WebSub hub pushes each posting hub
	// seconds after it is published (Config.PushShare).
	pushed bool
	hub    int64
	// apart marks a source chosen by Config.PushShare, pushed or, under
	// Config.PushOff, only kept out of the pulled sources' quantiles.
	apart bool
}

func newTracks(srcs []Source, weights []float64, defaultWindow int) []track {
	out := make([]track, len(srcs))
	for i, s := range srcs {
		posts := make([]int64, len(s.Postings))
		for j, t := range s.Postings {
			posts[j] = t.Unix()
		}
		w := s.Window
		if w == 0 {
			w = defaultWindow
		}
		out[i] = track{posts: posts, terms: s.Terms, window: w, weight: weights[i]}
	}
	return out
}

// countUpTo advances from to the number of postings at or before t.
func (tr *track) countUpTo(from int, t int64) int {
	for from < len(tr.posts) && tr.posts[from] <= t {
		from++
	}
	return from
}

// shown is the window a fetch returns when k postings have been published:
// indices [lo, k).
func (tr *track) shown(k int) int {
	return max(0, k-tr.window)
}

func unix(t int64) time.Time { return time.Unix(t, 0).UTC() }
