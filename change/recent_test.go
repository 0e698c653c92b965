package change

import "testing"

// TestRecentBack replays sequences of states and checks which are told as
// returns, and how far back.
func TestRecentBack(t *testing.T) {
	tests := []struct {
		name   string
		states string // one letter a state
		n      int
		want   []int // Back of each state before it is pushed
	}{
		{"flip-flop", "ABABAB", 0, []int{0, 0, 2, 2, 2, 2}},
		{"new every time", "ABCDE", 0, []int{0, 0, 0, 0, 0}},
		{"repeat is no return", "AAB", 0, []int{0, 0, 0}},
		{"three-cycle needs n=3", "ABCABC", 0, []int{0, 0, 0, 0, 0, 0}},
		{"three-cycle with n=3", "ABCABC", 3, []int{0, 0, 0, 3, 3, 3}},
		{"n=1 never returns", "ABAB", 1, []int{0, 0, 0, 0}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var r Recent
			for i, s := range tt.states {
				v := string(s)
				if got := r.Back(v, "", tt.n); got != tt.want[i] {
					t.Errorf("state %d (%s): Back = %d, want %d", i, v, got, tt.want[i])
				}
				r.Push(v, "", tt.n)
			}
		})
	}
}

// TestRecentForgetsOtherWatch checks that states fingerprinted under other
// settings are never matched.
func TestRecentForgetsOtherWatch(t *testing.T) {
	var r Recent
	r.Push("A", "w1", 0)
	r.Push("B", "w1", 0)
	if got := r.Back("A", "w2", 0); got != 0 {
		t.Errorf("Back under another watch = %d, want 0", got)
	}
	r.Push("C", "w2", 0)
	if len(r.States) != 1 || r.Watch != "w2" {
		t.Errorf("after a push under another watch: %+v, want only C", r)
	}
}
