package vigil

import (
	"encoding/json"
	"strings"
	"testing"
	"time"
)

func TestDurationsInSeconds(t *testing.T) {
	tests := []struct {
		name string
		v    any
		want []string // fragments of the JSON
		not  []string // fragments it must not contain
	}{
		{"observation latency", Observation{Latency: 250 * time.Millisecond}, []string{`"latency_s":0.25`}, []string{`"latency":`}},
		{"hints", Hints{TTL: time.Hour, UpdatePeriod: 90 * time.Second}, []string{`"ttl_s":3600`, `"update_period_s":90`}, []string{`"ttl":`, `"update_period":`}},
		{"no hints", Hints{}, []string{`{}`}, []string{`ttl`}},
		{"feed hints", Feed{Hints: Hints{TTL: 30 * time.Minute}}, []string{`"hints":{"ttl_s":1800}`}, nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			b, err := json.Marshal(tt.v)
			if err != nil {
				t.Fatal(err)
			}
			for _, w := range tt.want {
				if !strings.Contains(string(b), w) {
					t.Errorf("JSON %s lacks %s", b, w)
				}
			}
			for _, n := range tt.not {
				if strings.Contains(string(b), n) {
					t.Errorf("JSON %s contains %s", b, n)
				}
			}
		})
	}
}

func TestDurationsRoundTrip(t *testing.T) {
	o := Observation{ID: 3, Status: 200, Latency: 1234567 * time.Microsecond, Error: "x"}
	b, err := json.Marshal(o)
	if err != nil {
		t.Fatal(err)
	}
	var got Observation
	if err := json.Unmarshal(b, &got); err != nil || got != o {
		t.Errorf("observation round trip = %+v, %v; want %+v", got, err, o)
	}
	h := Hints{TTL: 2 * time.Hour, UpdatePeriod: 24 * time.Hour, SkipHours: []int{1, 2}}
	b, err = json.Marshal(h)
	if err != nil {
		t.Fatal(err)
	}
	var gotH Hints
	if err := json.Unmarshal(b, &gotH); err != nil || gotH.TTL != h.TTL || gotH.UpdatePeriod != h.UpdatePeriod || len(gotH.SkipHours) != 2 {
		t.Errorf("hints round trip = %+v, %v; want %+v", gotH, err, h)
	}
}

// Hints stored before durations were written in seconds carry nanoseconds
// under the old names; they must still read back.
func TestHintsReadStoredNanoseconds(t *testing.T) {
	var h Hints
	if err := json.Unmarshal([]byte(`{"ttl":3600000000000,"update_period":86400000000000}`), &h); err != nil {
		t.Fatal(err)
	}
	if h.TTL != time.Hour || h.UpdatePeriod != 24*time.Hour {
		t.Errorf("legacy hints = %+v, want ttl 1h and update period 24h", h)
	}
}
