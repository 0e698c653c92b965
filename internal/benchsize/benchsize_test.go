package benchsize

import "testing"

// TestPick checks that Pick follows the environment variable.
func TestPick(t *testing.T) {
	for _, tc := range []struct {
		env  string
		want int
	}{
		{"", 10000},
		{"1", 500},
		{"yes", 500},
	} {
		t.Setenv(Env, tc.env)
		if got := Pick(10000, 500); got != tc.want {
			t.Errorf("%s=%q: Pick(10000, 500) = %d, want %d", Env, tc.env, got, tc.want)
		}
	}
}
