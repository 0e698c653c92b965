package longtest

import "testing"

func TestEnabled(t *testing.T) {
	tests := []struct {
		value string
		want  bool
	}{
		{"", false},
		{"1", true},
	}
	for _, tt := range tests {
		t.Setenv(Env, tt.value)
		if got := Enabled(); got != tt.want {
			t.Errorf("%s=%q: Enabled() = %v, want %v", Env, tt.value, got, tt.want)
		}
	}
}

func TestNeedSkipsWhenOff(t *testing.T) {
	t.Setenv(Env, "")
	ran := false
	t.Run("inner", func(t *testing.T) {
		Need(t)
		ran = true
	})
	if ran {
		t.Error("Need did not skip with the long checks off")
	}
}

// TestToolFindsACommand finds a command every machine that runs Go tests
// has (go itself) and returns its path.
func TestToolFindsACommand(t *testing.T) {
	if path := Tool(t, "go", "install Go"); path == "" {
		t.Error("Tool found no path for go")
	}
}
