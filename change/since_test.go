package change

import (
	"testing"
	"time"
)

func TestSince(t *testing.T) {
	at := time.Date(2000, 4, 13, 9, 0, 0, 0, time.UTC)
	tests := []struct {
		levels []Severity
		want   string
	}{
		{nil, "No changes since Apr 13, 2000"},
		{[]Severity{Significant}, "There has been one significant change since Apr 13, 2000"},
		{[]Severity{Negligible, Important, Negligible},
			"There have been several changes, some of which were important since Apr 13, 2000"},
	}
	for _, tt := range tests {
		if got := Since(tt.levels, at); got != tt.want {
			t.Errorf("Since(%v) = %q, want %q", tt.levels, got, tt.want)
		}
	}
}
