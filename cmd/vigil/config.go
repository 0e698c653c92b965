package main

import (
	"flag"
	"fmt"
	"slices"
	"strconv"
	"time"
)

// config is vigil's configuration: every setting a VIGIL_* environment
// variable may give, built in one place. loadConfig fills it from the
// defaults and the environment; a command's flags, declared by bind, then
// write into the same fields, so that a flag wins over its variable, which
// wins over the default. settings describes each field.
type config struct {
	db               string
	addr             string
	metricsToken     string
	zone             string
	allowPrivate     bool
	budget           int
	workers          int
	hostGap          time.Duration
	policy           string
	noTracking       bool
	accessPrior      float64
	levelPrior       float64
	shapePool        bool
	placedAllocation bool
	smtpHost         string
	smtpPort         int
	smtpFrom         string
	smtpUser         string
	smtpPassword     string
	baseURL          string
	accessHeldBack   time.Duration
	accessUnread     float64
	// trustedProxies lists the reverse proxies, comma-separated
	// addresses or CIDR prefixes (parseProxies).
	trustedProxies string
	publicURL      string
	pushVerify     time.Duration
	// pushVerifyMultiple is plan.Verification.Multiple.
	pushVerifyMultiple float64

	// goMaxProcs and goGC are the Go runtime's GOMAXPROCS and GOGC, which
	// the runtime reads and checks itself: when set, they win over vigil's
	// --procs and --gc-percent (setProcs, setGCPercent).
	goMaxProcs, goGC string

	// from says where each setting's value came from, by setting name:
	// "default", "environment VIGIL_X" or "flag --x".
	from map[string]string
	// bad holds, by setting name, the error of a variable whose value is
	// not valid; the setting keeps its default.
	bad map[string]error
}

// loadConfig returns the configuration the defaults and the environment
// give. A variable set to "" counts as unset. An invalid value is kept
// in bad, not returned: only a command that uses the setting fails on it
// (see flags.parse).
func loadConfig(getenv func(string) string) *config {
	c := &config{goMaxProcs: getenv("GOMAXPROCS"), goGC: getenv("GOGC"), from: map[string]string{}, bad: map[string]error{}}
	for _, s := range settings {
		setText(s.field(c), s.def)
		c.from[s.name] = "default"
		v := getenv(s.env)
		if v == "" {
			continue
		}
		if !s.valid(v) {
			c.bad[s.name] = usageError{fmt.Sprintf("%s=%q is not %s", s.env, v, s.want)}
			continue
		}
		setText(s.field(c), v)
		c.from[s.name] = "environment " + s.env
	}
	return c
}

// setText sets the field p points to from the text v, which its setting's
// valid accepted.
func setText(p any, v string) {
	switch p := p.(type) {
	case *string:
		*p = v
	case *int:
		*p, _ = strconv.Atoi(v)
	case *bool:
		*p, _ = strconv.ParseBool(v)
	case *time.Duration:
		*p, _ = time.ParseDuration(v)
	case *float64:
		*p, _ = strconv.ParseFloat(v, 64)
	default:
		panic(fmt.Sprintf("config: a field of type %T", p))
	}
}

// fieldText returns the value of the field p points to as a flag would show it.
func fieldText(p any) string {
	switch p := p.(type) {
	case *string:
		return *p
	case *int:
		return strconv.Itoa(*p)
	case *bool:
		return strconv.FormatBool(*p)
	case *time.Duration:
		return p.String()
	case *float64:
		return strconv.FormatFloat(*p, 'g', -1, 64)
	}
	panic(fmt.Sprintf("config: a field of type %T", p))
}

// check returns the error of the first of the named settings whose
// variable holds an invalid value, nil when there is none.
func (c *config) check(names []string) error {
	for _, name := range names {
		if err := c.bad[name]; err != nil {
			return err
		}
	}
	return nil
}

// bind declares on f the flag of the named setting, writing into f's
// configuration, with the value in force as its default; usage, when not
// empty, replaces the setting's own description. It returns a pointer to
// the field (*string, *int, *bool, *time.Duration or *float64) and records that f's
// command uses the setting, so that parse reports its variable if invalid.
func (f *flags) bind(name, usage string) any {
	s := settingNamed(name)
	f.uses, f.bound = append(f.uses, name), append(f.bound, name)
	if usage == "" {
		usage = s.usage
	}
	usage += " (env " + s.env + ")"
	switch p := s.field(f.cfg).(type) {
	case *string:
		f.StringVar(p, name, *p, usage)
	case *int:
		f.IntVar(p, name, *p, usage)
	case *bool:
		f.BoolVar(p, name, *p, usage)
	case *time.Duration:
		f.DurationVar(p, name, *p, usage)
	case *float64:
		f.Float64Var(p, name, *p, usage)
	}
	return s.field(f.cfg)
}

// use records that f's command uses the named setting, which has no flag,
// and returns a pointer to its field.
func (f *flags) use(name string) any {
	f.uses = append(f.uses, name)
	return settingNamed(name).field(f.cfg)
}

// bindString is bind for a setting held as a string.
func (f *flags) bindString(name, usage string) *string { return f.bind(name, usage).(*string) }

// bindInt is bind for a setting held as an int.
func (f *flags) bindInt(name, usage string) *int { return f.bind(name, usage).(*int) }

// bindBool is bind for a setting held as a bool.
func (f *flags) bindBool(name, usage string) *bool { return f.bind(name, usage).(*bool) }

// bindFloat is bind for a setting held as a float64.
func (f *flags) bindFloat(name, usage string) *float64 { return f.bind(name, usage).(*float64) }

// bindDuration is bind for a setting held as a duration.
func (f *flags) bindDuration(name, usage string) *time.Duration {
	return f.bind(name, usage).(*time.Duration)
}

// noteFlags records the settings that f's command line set by flag (not
// a command's own flag of the same name, such as sim's --budget).
func (f *flags) noteFlags() {
	f.Visit(func(fl *flag.Flag) {
		if slices.Contains(f.bound, fl.Name) {
			f.cfg.from[fl.Name] = "flag --" + fl.Name
		}
	})
}
