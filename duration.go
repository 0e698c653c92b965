package vigil

import (
	"encoding/json"
	"math"
	"time"
)

// Every duration vigil writes as JSON is a number of seconds in a field
// whose name ends in "_s" (latency_s, ttl_s, update_period_s): a unit a
// person and any JSON client read alike, where Go's default would write
// nanoseconds.

// seconds converts a duration to the seconds written in JSON.
func seconds(d time.Duration) float64 { return d.Seconds() }

// fromSeconds converts seconds read from JSON to a duration, rounded to
// the nearest nanosecond.
func fromSeconds(s float64) time.Duration {
	return time.Duration(math.Round(s * float64(time.Second)))
}

// observationFields is Observation without its methods, so that its JSON
// methods can encode the other fields in the default way.
type observationFields Observation

// MarshalJSON writes the observation with its latency in seconds.
func (o Observation) MarshalJSON() ([]byte, error) {
	return json.Marshal(struct {
		observationFields
		LatencyS float64 `json:"latency_s"`
	}{observationFields(o), seconds(o.Latency)})
}

// UnmarshalJSON reads an observation written by MarshalJSON.
func (o *Observation) UnmarshalJSON(b []byte) error {
	v := struct {
		*observationFields
		LatencyS float64 `json:"latency_s"`
	}{observationFields: (*observationFields)(o)}
	if err := json.Unmarshal(b, &v); err != nil {
		return err
	}
	o.Latency = fromSeconds(v.LatencyS)
	return nil
}

// hintsFields is Hints without its methods.
type hintsFields Hints

// MarshalJSON writes the hints with their durations in seconds, leaving
// out those not given.
func (h Hints) MarshalJSON() ([]byte, error) {
	return json.Marshal(struct {
		hintsFields
		TTLS          float64 `json:"ttl_s,omitempty"`
		UpdatePeriodS float64 `json:"update_period_s,omitempty"`
	}{hintsFields(h), seconds(h.TTL), seconds(h.UpdatePeriod)})
}

// UnmarshalJSON reads hints written by MarshalJSON, and also those
// stored before durations were written in seconds, whose "ttl" and
// "update_period" were nanoseconds.
func (h *Hints) UnmarshalJSON(b []byte) error {
	v := struct {
		*hintsFields
		TTLS          float64 `json:"ttl_s"`
		UpdatePeriodS float64 `json:"update_period_s"`
		LegacyTTL     int64   `json:"ttl"`
		LegacyPeriod  int64   `json:"update_period"`
	}{hintsFields: (*hintsFields)(h)}
	if err := json.Unmarshal(b, &v); err != nil {
		return err
	}
	h.TTL = fromSeconds(v.TTLS) + time.Duration(v.LegacyTTL)
	h.UpdatePeriod = fromSeconds(v.UpdatePeriodS) + time.Duration(v.LegacyPeriod)
	return nil
}
