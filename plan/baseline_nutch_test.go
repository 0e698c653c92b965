package plan

import (
	"strings"
	"testing"
	"time"
)

func TestNutchInterval(t *testing.T) {
	day := 24 * time.Hour
	cases := []struct {
		name    string
		prev    time.Duration
		changed bool
		cfg     NutchConfig
		want    time.Duration
	}{
		{"changed shrinks by dec_rate", 10 * time.Hour, true, DefaultNutch, 8 * time.Hour},
		{"unchanged grows by inc_rate", 10 * time.Hour, false, DefaultNutch, 14 * time.Hour},
		{"first fetch starts from the default", 0, true, DefaultNutch, 24 * day},
		{"negative starts from the default", -time.Hour, false, DefaultNutch, 42 * day},
		{"limited to min", time.Minute, true, DefaultNutch, time.Minute},
		{"limited to max", 300 * day, false, DefaultNutch, 365 * day},
		{"sync_delta ignored", 10 * time.Hour, false, NutchConfig{IncRate: 0.5, Min: time.Second, Max: day, Default: day, SyncDelta: true, SyncDeltaRate: 1}, 15 * time.Hour},
		{"zero rates keep the interval", 3 * time.Hour, true, NutchConfig{Min: time.Second, Max: day, Default: day}, 3 * time.Hour},
	}
	for _, c := range cases {
		if got := NutchInterval(c.prev, c.changed, c.cfg); got != c.want {
			t.Errorf("%s: NutchInterval(%v, %v) = %v, want %v", c.name, c.prev, c.changed, got, c.want)
		}
	}
}

func TestNutchNext(t *testing.T) {
	day := 24 * time.Hour
	noSync := DefaultNutch
	noSync.SyncDelta = false
	cases := []struct {
		name           string
		prev, since    time.Duration
		changed        bool
		cfg            NutchConfig
		interval, wait time.Duration
	}{
		{"sync off", 10 * time.Hour, 2 * time.Hour, false, noSync, 14 * time.Hour, 14 * time.Hour},
		{"changed: modified now, no shift", 10 * time.Hour, 5 * time.Hour, true, DefaultNutch, 8 * time.Hour, 8 * time.Hour},
		{"unknown modification", 10 * time.Hour, 0, false, DefaultNutch, 14 * time.Hour, 14 * time.Hour},
		{"shift by 0.3 delta", 10 * time.Hour, 2 * time.Hour, false, DefaultNutch, 14 * time.Hour, 14*time.Hour - 36*time.Minute},
		{"raised to delta", 10 * time.Hour, 20 * time.Hour, false, DefaultNutch, 20 * time.Hour, 14 * time.Hour},
		{"delta in whole seconds", time.Second, 100*time.Second + 900*time.Millisecond, false, DefaultNutch, 100 * time.Second, 70 * time.Second},
		{"wait never negative", 10 * day, 2000 * day, false, DefaultNutch, 365 * day, 0},
	}
	for _, c := range cases {
		interval, wait := NutchNext(c.prev, c.changed, c.since, c.cfg)
		if interval != c.interval || wait != c.wait {
			t.Errorf("%s: NutchNext = (%v, %v), want (%v, %v)", c.name, interval, wait, c.interval, c.wait)
		}
	}
}

func TestNutchConfigValidate(t *testing.T) {
	if err := DefaultNutch.Validate(); err != nil {
		t.Fatalf("DefaultNutch.Validate() = %v", err)
	}
	bad := func(edit func(*NutchConfig)) NutchConfig {
		c := DefaultNutch
		edit(&c)
		return c
	}
	cases := []struct {
		cfg  NutchConfig
		want string
	}{
		{bad(func(c *NutchConfig) { c.IncRate = -0.1 }), "inc_rate"},
		{bad(func(c *NutchConfig) { c.DecRate = 1 }), "dec_rate"},
		{bad(func(c *NutchConfig) { c.Min = 0 }), "interval limits"},
		{bad(func(c *NutchConfig) { c.Max = c.Min - 1 }), "interval limits"},
		{bad(func(c *NutchConfig) { c.Default = 0 }), "default interval"},
		{bad(func(c *NutchConfig) { c.SyncDeltaRate = 1.5 }), "sync_delta_rate"},
	}
	for _, c := range cases {
		err := c.cfg.Validate()
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("Validate(%+v) = %v, want an error about %s", c.cfg, err, c.want)
		}
	}
}
