package sqlflow

import (
	"strings"
	"testing"

	"vigil"
)

// TestWriteArgsKeepText checks that the arguments of a feed state and of
// an observation pass their texts through the dialect's Text, in the
// order of the columns, and refuse a feed of another ID.
func TestWriteArgsKeepText(t *testing.T) {
	upper := Dialect{Text: strings.ToUpper}
	tests := []struct {
		name      string
		d         Dialect
		wantTitle string
	}{
		{"text kept", Dialect{}, "title"},
		{"text through Text", upper, "TITLE"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			args, err := tt.d.FeedStateArgs(7, &vigil.Feed{Title: "title", Status: "active", LastError: "title"})
			if err != nil {
				t.Fatal(err)
			}
			if len(args) != 20 || args[0] != tt.wantTitle || args[4] != "active" || args[11] != tt.wantTitle || args[19] != int64(7) {
				t.Errorf("feed state arguments %v", args)
			}
			obs := tt.d.ObservationArgs(7, vigil.Observation{Error: "title", Pushed: true})
			if len(obs) != 11 || obs[0] != int64(7) || obs[9] != tt.wantTitle || obs[10] != true {
				t.Errorf("observation arguments %v", obs)
			}
		})
	}
	if _, err := (&Dialect{}).FeedStateArgs(7, &vigil.Feed{ID: 8}); vigil.ErrorCode(err) != vigil.EINVALID {
		t.Errorf("feed of another ID: %v, want EINVALID", err)
	}
}
