package trace

import (
	"math/rand/v2"
	"strings"
)

// Sizes of the synthetic vocabulary.
const (
	vocabTopics      = 40  // topics sources write about
	vocabTopicWords  = 300 // words per topic
	vocabCommonWords = 80  // words shared by every topic
)

// Syllable parts the synthetic words are made of.
var (
	onsets = []string{"b", "br", "c", "ch", "d", "dr", "f", "g", "gr", "h", "j", "k", "kl", "l", "m", "n",
		"p", "pl", "qu", "r", "s", "sh", "st", "t", "tr", "v", "w", "z"}
	vowels = []string{"a", "e", "i", "o", "u", "ai", "ea", "ou", "y"}
	codas  = []string{"", "", "", "n", "r", "s", "l", "m", "x", "nd", "st"}
)

// vocabulary holds the synthetic words titles are drawn from: a few hundred
// per topic, and some common to all, each made of 1-4 random syllables.
type vocabulary struct {
	topics [][]string
	common []string
}

// newVocabulary generates the words from rng.
func newVocabulary(rng *rand.Rand) *vocabulary {
	v := &vocabulary{topics: make([][]string, vocabTopics)}
	for t := range v.topics {
		v.topics[t] = words(rng, vocabTopicWords, 2, 4)
	}
	v.common = words(rng, vocabCommonWords, 1, 2)
	return v
}

// words makes n distinct words of minSyl to maxSyl syllables.
func words(rng *rand.Rand, n, minSyl, maxSyl int) []string {
	seen := make(map[string]bool, n)
	out := make([]string, 0, n)
	for len(out) < n {
		var b strings.Builder
		for s := minSyl + rng.IntN(maxSyl-minSyl+1); s > 0; s-- {
			b.WriteString(onsets[rng.IntN(len(onsets))])
			b.WriteString(vowels[rng.IntN(len(vowels))])
			b.WriteString(codas[rng.IntN(len(codas))])
		}
		if w := b.String(); !seen[w] {
			seen[w] = true
			out = append(out, w)
		}
	}
	return out
}

// title appends a title of 3-9 words about topic to b: three words in four
// from the topic, the rest common words; within a list, earlier words are
// likelier (index n·u², a Zipf-like skew).
func (v *vocabulary) title(rng *rand.Rand, topic int, b *strings.Builder) {
	for i, n := 0, 3+rng.IntN(7); i < n; i++ {
		list := v.common
		if rng.Float64() < 0.75 {
			list = v.topics[topic]
		}
		u := rng.Float64()
		w := list[int(float64(len(list))*u*u)]
		if i == 0 {
			b.WriteByte(w[0] - 'a' + 'A') // words are lower-case ASCII
			b.WriteString(w[1:])
			continue
		}
		b.WriteByte(' ')
		b.WriteString(w)
	}
}
