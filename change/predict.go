package change

import "math"

// Example is one rated change: the agent's extents and a person's rating.
type Example struct {
	Extents Extents  `json:"extents"`
	Rating  Severity `json:"rating"`
}

// numFeatures is the length of a feature vector (features).
const numFeatures = 9

// features turns extents into the predictor's inputs: a bias, the five
// extents, the log counts of links and images added or removed, and the
// head flag.
func features(e Extents) [numFeatures]float64 {
	head := 0.0
	if e.HeadUpdated {
		head = 1
	}
	return [numFeatures]float64{
		1, e.Text, e.Tokens, e.Phrases, e.Links, e.Images,
		math.Log1p(float64(e.LinksAdded + e.LinksRemoved)),
		math.Log1p(float64(e.ImagesAdded + e.ImagesRemoved)),
		head,
	}
}

// Predictor predicts a follower's rating of a change from the agent's
// extents: multinomial logistic regression over the three levels, learned
// from a page's (or a person's) past ratings. This is beyond Glance et
// al., who name learning such predictions as future work (§3.2). Its
// fields are exported so it can be stored.
type Predictor struct {
	// Weights holds one weight vector per level (negligible, significant,
	// important).
	Weights [3][numFeatures]float64 `json:"weights"`
}

// TrainOptions tunes Train; zero fields take the defaults.
type TrainOptions struct {
	// Iterations of full-batch gradient descent; 0 means 500.
	Iterations int
	// Rate is the step size; 0 means 0.5.
	Rate float64
	// L2 is the ridge penalty on the non-bias weights; 0 means 0.01.
	L2 float64
}

// Train fits a predictor to the examples by gradient descent on the
// regularised cross-entropy, from zero weights, so the result depends
// only on the examples and o. Examples without a known rating are skipped.
func Train(examples []Example, o TrainOptions) *Predictor {
	if o.Iterations == 0 {
		o.Iterations = 500
	}
	if o.Rate == 0 {
		o.Rate = 0.5
	}
	if o.L2 == 0 {
		o.L2 = 0.01
	}
	xs, ys := trainingSet(examples)
	p := &Predictor{}
	if len(xs) == 0 {
		return p
	}
	for range o.Iterations {
		p.step(xs, ys, o)
	}
	return p
}

// trainingSet returns the feature vectors and class indexes of the rated
// examples.
func trainingSet(examples []Example) (xs [][numFeatures]float64, ys []int) {
	for _, ex := range examples {
		if ex.Rating < Negligible || ex.Rating > Important {
			continue
		}
		xs = append(xs, features(ex.Extents))
		ys = append(ys, int(ex.Rating-Negligible))
	}
	return xs, ys
}

// step takes one gradient step over the whole training set.
func (p *Predictor) step(xs [][numFeatures]float64, ys []int, o TrainOptions) {
	var grad [3][numFeatures]float64
	for i, x := range xs {
		probs := p.probabilities(x)
		for c := range 3 {
			g := probs[c]
			if c == ys[i] {
				g--
			}
			for f := range numFeatures {
				grad[c][f] += g * x[f]
			}
		}
	}
	n := float64(len(xs))
	for c := range 3 {
		for f := range numFeatures {
			g := grad[c][f] / n
			if f > 0 {
				g += o.L2 * p.Weights[c][f]
			}
			p.Weights[c][f] -= o.Rate * g
		}
	}
}

// probabilities returns the softmax over the three levels for x.
func (p *Predictor) probabilities(x [numFeatures]float64) [3]float64 {
	var z [3]float64
	top := math.Inf(-1)
	for c := range 3 {
		for f := range numFeatures {
			z[c] += p.Weights[c][f] * x[f]
		}
		top = max(top, z[c])
	}
	sum := 0.0
	for c := range 3 {
		z[c] = math.Exp(z[c] - top)
		sum += z[c]
	}
	for c := range 3 {
		z[c] /= sum
	}
	return z
}

// Predict returns the most likely rating of a change with extents e, and
// the probabilities of negligible, significant and important.
func (p *Predictor) Predict(e Extents) (Severity, [3]float64) {
	probs := p.probabilities(features(e))
	best := 0
	for c := 1; c < 3; c++ {
		if probs[c] > probs[best] {
			best = c
		}
	}
	return Severity(best) + Negligible, probs
}

// Agreement returns the share of the held-back examples whose rating the
// predictor predicts, to set against Glance et al.'s 51% agreement of the
// agent with people (§4); NaN when none is rated.
func (p *Predictor) Agreement(heldBack []Example) float64 {
	return agreement(heldBack, func(e Extents) Severity {
		s, _ := p.Predict(e)
		return s
	})
}

// AgentAgreement returns the share of the examples whose rating equals the
// agent's own severity word: the baseline the predictor must beat.
func AgentAgreement(examples []Example) float64 {
	return agreement(examples, func(e Extents) Severity { return e.Severity })
}

// agreement returns the share of rated examples where guess matches.
func agreement(examples []Example, guess func(Extents) Severity) float64 {
	hit, n := 0, 0
	for _, ex := range examples {
		if ex.Rating == Unknown {
			continue
		}
		n++
		if guess(ex.Extents) == ex.Rating {
			hit++
		}
	}
	if n == 0 {
		return math.NaN()
	}
	return float64(hit) / float64(n)
}

// HoldBack splits examples deterministically: every k-th example (k ≥ 2)
// is held back for measuring agreement, the others train.
func HoldBack(examples []Example, k int) (train, held []Example) {
	for i, ex := range examples {
		if k >= 2 && i%k == k-1 {
			held = append(held, ex)
		} else {
			train = append(train, ex)
		}
	}
	return train, held
}
