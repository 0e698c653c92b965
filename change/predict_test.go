package change

import (
	"math"
	"math/rand/v2"
	"testing"
)

// ratedChanges draws n changes of a job page whose followers rate a new
// link (a new posting) important whatever its size, a large text change
// significant and anything else negligible, with 10% of ratings random.
func ratedChanges(n int, seed uint64) []Example {
	r := rand.New(rand.NewPCG(seed, 7))
	out := make([]Example, n)
	for i := range out {
		e := Extents{Any: true, Measurable: true, Text: r.Float64() * 0.4}
		e.Tokens, e.Phrases = e.Text*0.8, math.Min(1, e.Text*1.3)
		if r.IntN(3) == 0 {
			e.LinksAdded = 1 + r.IntN(2)
			e.Links = float64(e.LinksAdded) / float64(10+e.LinksAdded)
		}
		e.Severity = DefaultBands().Of(e.Largest(AllKinds()))
		rating := Negligible
		switch {
		case e.LinksAdded > 0:
			rating = Important
		case e.Text > 0.25:
			rating = Significant
		}
		if r.IntN(10) == 0 {
			rating = Severity(1 + r.IntN(3))
		}
		out[i] = Example{Extents: e, Rating: rating}
	}
	return out
}

func TestPredictorLearnsFollowers(t *testing.T) {
	train, held := HoldBack(ratedChanges(300, 1), 3)
	if len(train) != 200 || len(held) != 100 {
		t.Fatalf("split %d/%d, want 200/100", len(train), len(held))
	}
	p := Train(train, TrainOptions{})
	got, agent := p.Agreement(held), AgentAgreement(held)
	t.Logf("held-back agreement: predictor %.2f, agent's bands %.2f (Glance et al.: 0.51)", got, agent)
	if got < 0.75 || got <= agent {
		t.Errorf("predictor agreement %.2f, agent %.2f: the predictor should learn the followers' rule", got, agent)
	}
	if q := Train(train, TrainOptions{}); q.Weights != p.Weights {
		t.Error("training is not deterministic")
	}
	s, probs := p.Predict(Extents{Any: true, Measurable: true, Text: 0.01, LinksAdded: 1, Links: 0.09})
	if s != Important || math.Abs(probs[0]+probs[1]+probs[2]-1) > 1e-9 {
		t.Errorf("a small change with a new link: %v %v", s, probs)
	}
}

func TestPredictorEmpty(t *testing.T) {
	p := Train(nil, TrainOptions{})
	if s, _ := p.Predict(Extents{}); s == Unknown {
		t.Error("an untrained predictor predicts nothing")
	}
	if a := p.Agreement(nil); !math.IsNaN(a) {
		t.Errorf("agreement over nothing = %v, want NaN", a)
	}
}
