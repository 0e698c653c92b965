package plan

import (
	"fmt"
	"time"
)

// Apache Nutch's AdaptiveFetchSchedule, as published in apache/nutch:
// src/java/org/apache/nutch/crawl/AdaptiveFetchSchedule.java and the
// db.fetch.schedule.adaptive.* properties of conf/nutch-default.xml. Facts
// taken from that source:
//
//   - a page found modified gets interval × (1 − dec_rate), one found
//     unmodified interval × (1 + inc_rate); an unknown state keeps it.
//   - with sync_delta on, delta = fetch time − last modification time
//     (whole seconds; 0 after a modified fetch, since Nutch then takes the
//     fetch time as the modification time); the interval is raised to
//     delta if smaller, and the next fetch is counted from
//     fetch time − delta × sync_delta_rate instead of the fetch time. (The
//     class comment says the interval is lowered to delta; the code raises
//     it, and the code is followed here.)
//   - the interval is then limited to [min_interval, max_interval].
//   - an interval of 0 (never set) starts from db.fetch.interval.default.
//   - nutch-default.xml: inc_rate 0.4, dec_rate 0.2, min_interval 60 s,
//     max_interval 365 days, sync_delta true, sync_delta_rate 0.3,
//     db.fetch.interval.default 30 days. (The class's own fallbacks, used
//     when a property is missing, are 0.2 for both rates and for
//     sync_delta_rate.)
//
// Left out: the per-page fixed interval a CrawlDatum may carry.

// NutchConfig holds AdaptiveFetchSchedule's settings.
type NutchConfig struct {
	IncRate       float64       // inc_rate: growth after an unmodified fetch
	DecRate       float64       // dec_rate: shrinkage after a modified fetch
	Min, Max      time.Duration // min_interval, max_interval
	Default       time.Duration // db.fetch.interval.default, for a first fetch
	SyncDelta     bool          // sync_delta: align fetches with changes
	SyncDeltaRate float64       // sync_delta_rate: share of delta to shift by
}

// DefaultNutch holds the values of Nutch's nutch-default.xml.
var DefaultNutch = NutchConfig{
	IncRate: 0.4, DecRate: 0.2,
	Min: time.Minute, Max: 365 * 24 * time.Hour,
	Default:   30 * 24 * time.Hour,
	SyncDelta: true, SyncDeltaRate: 0.3,
}

// Validate reports settings AdaptiveFetchSchedule cannot use.
func (c NutchConfig) Validate() error {
	switch {
	case !(c.IncRate >= 0):
		return fmt.Errorf("plan: nutch inc_rate %v, want ≥ 0", c.IncRate)
	case !(c.DecRate >= 0 && c.DecRate < 1):
		return fmt.Errorf("plan: nutch dec_rate %v, want 0 ≤ dec_rate < 1", c.DecRate)
	case c.Min <= 0 || c.Max < c.Min:
		return fmt.Errorf("plan: nutch interval limits [%v, %v], want 0 < min ≤ max", c.Min, c.Max)
	case c.Default <= 0:
		return fmt.Errorf("plan: nutch default interval %v, want > 0", c.Default)
	case !(c.SyncDeltaRate >= 0 && c.SyncDeltaRate <= 1):
		return fmt.Errorf("plan: nutch sync_delta_rate %v, want 0 ≤ rate ≤ 1", c.SyncDeltaRate)
	}
	return nil
}

// NutchInterval returns Nutch's next fetch interval with sync_delta off
// (c.SyncDelta is ignored): prev × (1 − DecRate) when the page changed,
// prev × (1 + IncRate) when not, limited to [Min, Max]. A prev ≤ 0 starts
// from c.Default. c should pass Validate.
func NutchInterval(prev time.Duration, changed bool, c NutchConfig) time.Duration {
	return c.limit(c.adapt(prev, changed))
}

// NutchNext returns Nutch's next fetch interval and the wait from this
// fetch to the next one, sinceModified being the time from the page's last
// known modification to this fetch. With c.SyncDelta off, or when the page
// changed (Nutch then dates the change at the fetch), wait equals the
// interval of NutchInterval. Otherwise delta = sinceModified in whole
// seconds, the interval is raised to delta before the limits, and the wait
// is interval − delta × SyncDeltaRate, at least 0 (Nutch would date the
// next fetch in the past, making it due at once). c should pass Validate.
func NutchNext(prev time.Duration, changed bool, sinceModified time.Duration, c NutchConfig) (interval, wait time.Duration) {
	interval = c.adapt(prev, changed)
	if !c.SyncDelta || changed || sinceModified <= 0 {
		interval = c.limit(interval)
		return interval, interval
	}
	delta := sinceModified.Truncate(time.Second)
	interval = c.limit(max(interval, delta))
	shift := time.Duration(float64(delta) * c.SyncDeltaRate).Round(time.Millisecond)
	return interval, max(interval-shift, 0)
}

// adapt scales prev by the decrease or increase rate.
func (c NutchConfig) adapt(prev time.Duration, changed bool) time.Duration {
	if prev <= 0 {
		prev = c.Default
	}
	if changed {
		return time.Duration(float64(prev) * (1 - c.DecRate))
	}
	return time.Duration(float64(prev) * (1 + c.IncRate))
}

// limit bounds d to [Min, Max] as Nutch does: first the minimum, else the
// maximum.
func (c NutchConfig) limit(d time.Duration) time.Duration {
	if d < c.Min {
		return c.Min
	}
	return min(d, c.Max)
}
