package main

import (
	"errors"
	"runtime/debug"
	"testing"
)

func TestSetGCPercent(t *testing.T) {
	tests := []struct {
		name    string
		gogc    string
		percent int
		want    int // the collector's target while set
		usage   bool
	}{
		{"sets the target", "", 50, 50, false},
		{"GOGC wins", "200", 50, -1, false},
		{"zero is refused", "", 0, -1, true},
		{"negative is refused", "", -5, -1, true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			before := debug.SetGCPercent(100)
			defer debug.SetGCPercent(before)
			c := loadConfig(func(k string) string {
				if k == "GOGC" {
					return tt.gogc
				}
				return ""
			})
			undo, err := setGCPercent(c, tt.percent)
			var ue usageError
			if tt.usage {
				if !errors.As(err, &ue) {
					t.Fatalf("setGCPercent(%d) = %v, want a usage error", tt.percent, err)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			want := tt.want
			if want < 0 {
				want = 100 // left alone
			}
			got := debug.SetGCPercent(-1) // reads the target, put back at once
			debug.SetGCPercent(got)
			if got != want {
				t.Errorf("target while set = %d, want %d", got, want)
			}
			undo()
			if got := debug.SetGCPercent(100); got != 100 {
				t.Errorf("target after undo = %d, want 100", got)
			}
		})
	}
}
