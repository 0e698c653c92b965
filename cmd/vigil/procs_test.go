package main

import (
	"errors"
	"runtime"
	"testing"
)

func TestSetProcs(t *testing.T) {
	tests := []struct {
		name       string
		gomaxprocs string
		procs      int
		want       int // processors while set; 0: left alone
		usage      bool
	}{
		{"sets the count", "", 3, 3, false},
		{"sets one", "", 1, 1, false},
		{"zero leaves Go's default", "", 0, 0, false},
		{"GOMAXPROCS wins", "3", 1, 0, false},
		{"a GOMAXPROCS the runtime ignores does not win", "0", 2, 2, false},
		{"nor does one that is no number", "many", 2, 2, false},
		{"negative is refused", "", -1, 0, true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			before := runtime.GOMAXPROCS(4)
			defer runtime.GOMAXPROCS(before)
			c := loadConfig(func(k string) string {
				if k == "GOMAXPROCS" {
					return tt.gomaxprocs
				}
				return ""
			})
			undo, err := setProcs(c, tt.procs)
			var ue usageError
			if tt.usage {
				if !errors.As(err, &ue) {
					t.Fatalf("setProcs(%d) = %v, want a usage error", tt.procs, err)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			want := tt.want
			if want == 0 {
				want = 4 // left alone
			}
			if got := runtime.GOMAXPROCS(0); got != want {
				t.Errorf("processors while set = %d, want %d", got, want)
			}
			undo()
			if got := runtime.GOMAXPROCS(0); got != 4 {
				t.Errorf("processors after undo = %d, want 4", got)
			}
		})
	}
}
