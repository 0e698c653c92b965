package sim

import (
	"slices"

	"vigil/profile"
)

// quality measures the profile quality of Roitman et al. Eq. 4: for every
// channel, the time average of sim(P_opt(C_T), P_pol(C_T)), where P_opt is
// the profile of the last k postings published by T and P_pol that of the
// last k postings the policy captured by T, then the mean over channels.
// Both profiles are weighted by one idf, that of every posting published
// by T (Roitman et al. §4.2.1's dynamic idf over C(T)), so that the measure
// reflects which postings each window holds and nothing else. The integral
// is sampled for each channel every Config.QualityEvery over the evaluated
// period, from its first posting on, the channels taking turns in qualityTurns
// groups so that no time of day is favoured, and a sample costs a share of
// the channels instead of all of them (docs/policy-notes.md, *Profile
// quality samples*).
type quality struct {
	k      int
	corpus profile.Corpus
	stream []postRef       // every posting in time order
	next   int             // postings of stream added to corpus
	docs   [][]profile.Doc // per source, its postings added so far
	capt   [][]int32       // per source, the indices of captured postings
	sum    []float64
	n      []int
	ws     profile.WindowSimilarity
	optBuf []profile.Doc
	polBuf []profile.Doc
}

// postRef is one posting: when, of which source, which.
type postRef struct {
	at       int64
	src, idx int32
}

func newQuality(tracks []track, k int) *quality {
	q := &quality{k: k, docs: make([][]profile.Doc, len(tracks)), capt: make([][]int32, len(tracks)),
		sum: make([]float64, len(tracks)), n: make([]int, len(tracks))}
	for i, tr := range tracks {
		for j, t := range tr.posts {
			q.stream = append(q.stream, postRef{at: t, src: int32(i), idx: int32(j)})
		}
	}
	slices.SortStableFunc(q.stream, func(a, b postRef) int { return int(a.at - b.at) })
	return q
}

// captured notes that source i's postings [from, to) were captured.
func (q *quality) captured(i, from, to int) {
	for j := from; j < to; j++ {
		q.capt[i] = append(q.capt[i], int32(j))
	}
}

// qualityTurns is how many groups of channels take turns being sampled.
const qualityTurns = 24

// sample adds the postings published by t to the corpus and samples the
// channels whose turn it is (index ≡ turn mod qualityTurns) that have
// published.
func (q *quality) sample(tracks []track, t int64, turn int) {
	for ; q.next < len(q.stream) && q.stream[q.next].at <= t; q.next++ {
		p := q.stream[q.next]
		q.docs[p.src] = append(q.docs[p.src], q.corpus.Add(tracks[p.src].terms[p.idx]))
	}
	// The groups' order shifts by one each day, so that no channel is
	// always sampled at the same time of day.
	for i := (turn + turn/qualityTurns) % qualityTurns; i < len(tracks); i += qualityTurns {
		if len(q.docs[i]) > 0 {
			q.sum[i] += q.similarity(i)
			q.n[i]++
		}
	}
}

// similarity is sim(P_opt, P_pol) for source i now; 1 without computing
// when the policy's window holds the very postings of the optimal one.
func (q *quality) similarity(i int) float64 {
	docs, capt := q.docs[i], q.capt[i]
	pub := len(docs)
	m := min(q.k, pub)
	if c := len(capt); c >= m && int(capt[c-1]) == pub-1 && int(capt[c-m]) == pub-m {
		return 1 // capture indices rise, so the last m are pub-m … pub-1
	}
	q.optBuf = append(q.optBuf[:0], docs[pub-m:]...)
	q.polBuf = q.polBuf[:0]
	for _, j := range capt[max(0, len(capt)-q.k):] {
		if int(j) < pub {
			q.polBuf = append(q.polBuf, docs[j])
		}
	}
	return q.ws.Cosine(&q.corpus, q.optBuf, q.polBuf)
}

// value is Q: the mean over the sampled channels of their time-averaged
// similarity; 0 when nothing was sampled.
func (q *quality) value() float64 {
	total, n := 0.0, 0
	for i, c := range q.n {
		if c > 0 {
			total += q.sum[i] / float64(c)
			n++
		}
	}
	if n == 0 {
		return 0
	}
	return total / float64(n)
}
