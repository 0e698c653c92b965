package updates

import (
	"testing"

	"vigil"
	"vigil/change"
)

// TestViewDoesNotTellReturnsAsNew checks the notification rule for a
// change that went back to an earlier state: not told while nobody else
// rated it, told once others rated it at least at the threshold.
func TestViewDoesNotTellReturnsAsNew(t *testing.T) {
	const me, other = 1, 2
	rated := func(by int64, rating string) []vigil.Evaluation {
		return []vigil.Evaluation{{UserID: by, Rating: rating}}
	}
	tests := []struct {
		name    string
		extents string
		evals   []vigil.Evaluation
		want    bool
		wantRet int
	}{
		{"new change, unrated", `{"any":true,"visible":true,"text":0.3}`, nil, true, 0},
		{"return, unrated", `{"any":true,"visible":true,"text":0.3,"return":2}`, nil, false, 2},
		{"return, rated by me", `{"any":true,"visible":true,"text":0.3,"return":2}`, rated(me, "important"), false, 2},
		{"return, rated important by another", `{"any":true,"visible":true,"text":0.3,"return":2}`, rated(other, "important"), true, 2},
		{"return, rated negligible by another", `{"any":true,"visible":true,"text":0.3,"return":2}`, rated(other, "negligible"), false, 2},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			c := vigil.PageChange{ID: 7, Severity: "important", Extents: []byte(tt.extents), Evaluations: tt.evals}
			v := View(c, me, change.Significant, change.DefaultWeights(), nil)
			if v.Tell != tt.want || v.Return != tt.wantRet {
				t.Errorf("Tell %v, Return %d; want %v, %d", v.Tell, v.Return, tt.want, tt.wantRet)
			}
		})
	}
}
