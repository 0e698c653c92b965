package trace

import (
	"fmt"
	"math"
	"math/rand/v2"
	"time"
)

// PageGenConfig configures GeneratePages. Zero fields take the defaults.
type PageGenConfig struct {
	Pages int       // number of pages; 0 means 200
	Days  int       // length of the period from Start; 0 means 60
	Seed  uint64    // the same seed gives the same trace
	Start time.Time // first instant; zero means DefaultGenStart
	// MinPerDay and MaxPerDay bound the pages' mean changes per day;
	// 0 means 1/30 and 8.
	MinPerDay, MaxPerDay float64
	// OfficeShare is the share of pages edited only on working hours
	// (Monday to Friday, 08:00-18:00 UTC); 0 means 0.5, negative none.
	OfficeShare float64
}

// withDefaults fills in the defaults.
func (c PageGenConfig) withDefaults() PageGenConfig {
	if c.Pages <= 0 {
		c.Pages = 200
	}
	if c.Days <= 0 {
		c.Days = 60
	}
	if c.Start.IsZero() {
		c.Start = DefaultGenStart
	}
	c.Start = c.Start.UTC().Truncate(time.Second)
	if c.MinPerDay <= 0 {
		c.MinPerDay = 1.0 / 30
	}
	if c.MaxPerDay <= 0 {
		c.MaxPerDay = 8
	}
	if c.OfficeShare == 0 {
		c.OfficeShare = 0.5
	}
	return c
}

// GeneratePages draws a synthetic page-change trace: for each page, the
// times its content changed, in the posting-trace format (source, time).
// The seed papers report no page-change data (Glance et al. report none),
// so the model is a documented choice: each page changes as a Poisson
// process at a mean rate drawn log-uniformly between MinPerDay and
// MaxPerDay (Cho & Garcia-Molina's Poisson model of page change), either
// at any hour or, for OfficeShare of the pages, only on working hours
// (the same mean daily count, concentrated into 50 hours a week). IDs are
// "page" + a zero-padded index + "-any" or "-office". Pages without a
// change in the period are kept out.
func GeneratePages(cfg PageGenConfig) (*Postings, error) {
	cfg = cfg.withDefaults()
	if cfg.MinPerDay > cfg.MaxPerDay {
		return nil, fmt.Errorf("trace: MinPerDay %v above MaxPerDay %v", cfg.MinPerDay, cfg.MaxPerDay)
	}
	end := cfg.Start.Add(time.Duration(cfg.Days) * 24 * time.Hour)
	p := &Postings{Start: cfg.Start, End: end}
	for i := range cfg.Pages {
		r := rand.New(rand.NewPCG(cfg.Seed, uint64(i)))
		s := pageChanges(r, cfg, i)
		if len(s.Postings) > 0 {
			p.Sources = append(p.Sources, s)
		}
	}
	return p, nil
}

// pageChanges draws one page's changes.
func pageChanges(r *rand.Rand, cfg PageGenConfig, i int) Source {
	lo, hi := math.Log(cfg.MinPerDay), math.Log(cfg.MaxPerDay)
	perDay := math.Exp(lo + r.Float64()*(hi-lo))
	office := r.Float64() < cfg.OfficeShare
	kind, perHour := "any", perDay/24
	if office {
		kind, perHour = "office", perDay*7/50
	}
	s := Source{ID: fmt.Sprintf("page%05d-%s", i, kind)}
	end := cfg.Start.Add(time.Duration(cfg.Days) * 24 * time.Hour)
	for t := cfg.Start; ; {
		t = t.Add(time.Duration(r.ExpFloat64() / perHour * float64(time.Hour)))
		if !t.Before(end) {
			break
		}
		if !office || officeHours(t) {
			s.Postings = append(s.Postings, Posting{Time: t.Truncate(time.Second)})
		}
	}
	return s
}

// officeHours reports whether t falls on Monday to Friday, 08:00-18:00 UTC.
func officeHours(t time.Time) bool {
	wd, h := t.Weekday(), t.Hour()
	return wd != time.Saturday && wd != time.Sunday && h >= 8 && h < 18
}
