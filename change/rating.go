package change

import "math"

// Rating is one person's evaluation of a change (Glance et al. §3.1.3):
// its nature in the agent's vocabulary, an optional comment, and a weight
// (0 counts as 1; a summary propagated from another group may weigh more).
type Rating struct {
	Severity Severity `json:"severity"`
	Comment  string   `json:"comment,omitempty"`
	Weight   float64  `json:"weight,omitempty"`
}

// Weights bias the combination of ratings toward important: each rating
// counts with the weight of its level, so one important rating takes many
// negligible ones to outweigh (Glance et al. §3.2). Glance et al. give no
// numbers; see DefaultWeights.
type Weights struct {
	Negligible, Significant, Important float64
}

// DefaultWeights returns weights 1, 3 and 9: each level counts three times
// the one below, so one important rating still combines to significant or
// more against up to 27 negligible ones (Outweighs).
func DefaultWeights() Weights {
	return Weights{Negligible: 1, Significant: 3, Important: 9}
}

// of returns the weight of a level.
func (w Weights) of(s Severity) float64 {
	switch s {
	case Negligible:
		return w.Negligible
	case Significant:
		return w.Significant
	case Important:
		return w.Important
	}
	return 0
}

// Combined is the community's evaluation of a change: the weighted average
// of the ratings' levels (negligible 1, significant 2, important 3), the
// level it rounds to, and how many ratings made it.
type Combined struct {
	Score    float64  `json:"score"`
	Severity Severity `json:"severity"`
	Ratings  int      `json:"ratings"`
}

// Combine returns the weighted average of ratings, each rating's level
// weighted by w for its level times its own Weight (Glance et al. §3.2).
// The level is the score rounded to the nearest level, halves rounding up
// (toward important). Ratings with an unknown level are skipped; with none
// left the result is Unknown.
func Combine(ratings []Rating, w Weights) Combined {
	var sum, total float64
	n := 0
	for _, r := range ratings {
		lw := w.of(r.Severity)
		if lw <= 0 {
			continue
		}
		if r.Weight > 0 {
			lw *= r.Weight
		}
		sum += lw * float64(r.Severity)
		total += lw
		n++
	}
	if total == 0 {
		return Combined{}
	}
	score := sum / total
	return Combined{Score: score, Severity: Severity(math.Floor(score + 0.5)), Ratings: n}
}

// Outweighs returns N, the most negligible ratings against which one
// important rating still combines to significant or more under w:
// (3·w_i + N·w_n) / (w_i + N·w_n) ≥ 1.5 ⇔ N ≤ 3·w_i / w_n.
func Outweighs(w Weights) int {
	if w.Negligible <= 0 {
		return math.MaxInt
	}
	return int(math.Floor(3 * w.Important / w.Negligible))
}

// Notify is Glance et al.'s notification rule (§3.1.3): a follower is told
// of every change the agent detects until someone else has evaluated it;
// after that only of changes whose combined evaluation is at least the
// follower's threshold.
func Notify(threshold Severity, combined Severity, evaluatedByOthers bool) bool {
	if !evaluatedByOthers {
		return true
	}
	return combined >= threshold
}
