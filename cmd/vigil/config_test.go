package main

import (
	"bytes"
	"context"
	"errors"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// cliEnv runs one command line in-process with the environment vars, and
// returns the exit status, standard output and standard error. Its
// context is cancelled from the start: a long-running command that got
// past its checks (serve, worker, demo) stops at once instead of running.
func cliEnv(t *testing.T, vars map[string]string, args ...string) (int, string, string) {
	t.Helper()
	var out, errb bytes.Buffer
	e := &env{stdin: strings.NewReader(""), stdout: &out, stderr: &errb, getenv: func(k string) string { return vars[k] }}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	code := run(ctx, e, args)
	return code, out.String(), errb.String()
}

// TestEnvBadValues sets each variable to a value it does not accept and
// runs a command that uses it: the command fails as a usage error whose
// message names the variable and its value, before it opens a database
// or listens. Every setting whose values are checked has a row.
func TestEnvBadValues(t *testing.T) {
	dir := t.TempDir()
	t.Chdir(dir)
	db := filepath.Join(dir, "never.db")
	tests := []struct {
		env, value string
		args       []string // the command that uses it
		want       string   // the message, after `VAR="value" is not `
	}{
		{"VIGIL_ADDR", "8080", []string{"serve"}, "a listen address (host:port)"},
		{"VIGIL_ADDR", "localhost:99999", []string{"demo"}, "a listen address (host:port)"},
		{"VIGIL_ZONE", "Mars/Olympus", []string{"fetch"}, "a known time zone"},
		{"VIGIL_ZONE", "Mars/Olympus", []string{"digest", "--send", "2026-03-02"}, "a known time zone"},
		{"VIGIL_ALLOW_PRIVATE", "yes please", []string{"parse", "feed.xml"}, "a boolean"},
		{"VIGIL_ALLOW_PRIVATE", "2", []string{"page", "diff", "a.html", "b.html"}, "a boolean"},
		{"VIGIL_BUDGET", "lots", []string{"fetch"}, "a count of fetches per hour"},
		{"VIGIL_BUDGET", "-1", []string{"worker"}, "a count of fetches per hour"},
		{"VIGIL_WORKERS", "0", []string{"fetch"}, "a count of 1 or more"},
		{"VIGIL_WORKERS", "4.5", []string{"serve"}, "a count of 1 or more"},
		{"VIGIL_HOST_GAP", "2", []string{"fetch"}, "a duration of 0 or more"},
		{"VIGIL_HOST_GAP", "-1s", []string{"fetch"}, "a duration of 0 or more"},
		{"VIGIL_POLICY", "fastest", []string{"fetch"}, "a refresh policy (accrued"},
		{"VIGIL_POLICY", "content-fair", []string{"serve"}, "a refresh policy"},
		{"VIGIL_NO_TRACKING", "off", []string{"fetch"}, "a boolean"},
		{"VIGIL_ACCESS_PRIOR", "-1", []string{"fetch"}, "a number of 0 or more"},
		{"VIGIL_LEVEL_PRIOR", "x", []string{"fetch"}, "a number of 0 or more"},
		{"VIGIL_SHAPE_POOL", "sometimes", []string{"fetch"}, "a boolean"},
		{"VIGIL_PLACED_ALLOCATION", "sqrt", []string{"worker"}, "a boolean"},
		{"VIGIL_ACCESS_HELD_BACK", "-2h", []string{"fetch"}, "a duration of 0 or more"},
		{"VIGIL_ACCESS_UNREAD", "-0.1", []string{"fetch"}, "a number of 0 or more"},
		{"VIGIL_SMTP_HOST", "mail.example.org:25", []string{"serve"}, "a host name without a port"},
		{"VIGIL_SMTP_HOST", "mail example", []string{"digest", "--send", "2026-03-02"}, "a host name"},
		{"VIGIL_SMTP_PORT", "25x", []string{"serve"}, "a port number (1 to 65535)"},
		{"VIGIL_SMTP_PORT", "0", []string{"digest", "--send", "2026-03-02"}, "a port number (1 to 65535)"},
		{"VIGIL_SMTP_PORT", "65536", []string{"serve"}, "a port number (1 to 65535)"},
		{"VIGIL_SMTP_FROM", "vigil at example", []string{"serve"}, "an e-mail address"},
		{"VIGIL_BASE_URL", "vigil.example.org", []string{"serve"}, "an absolute http or https URL"},
		{"VIGIL_BASE_URL", "ftp://vigil.example.org/", []string{"digest", "--send", "2026-03-02"}, "an absolute http or https URL"},
		{"VIGIL_TRUSTED_PROXIES", "10.0.0.0/33", []string{"serve"}, "comma-separated addresses or CIDR prefixes"},
		{"VIGIL_TRUSTED_PROXIES", "127.0.0.1,proxy.example", []string{"serve"}, "comma-separated addresses or CIDR prefixes"},
		{"VIGIL_PUBLIC_URL", "vigil.example.org", []string{"serve"}, "an absolute http or https URL"},
		{"VIGIL_PUSH_VERIFY", "30s", []string{"fetch"}, "a duration of 1m or more"},
		{"VIGIL_PUSH_VERIFY_MULTIPLE", "0.5", []string{"fetch"}, "a number of 1 or more"},
		{"VIGIL_PUSH_VERIFY_MULTIPLE", "Inf", []string{"fetch"}, "a number of 1 or more"},
	}
	checked := map[string]bool{}
	for _, tc := range tests {
		checked[tc.env] = true
		t.Run(tc.env+"="+tc.value+" "+tc.args[0], func(t *testing.T) {
			vars := map[string]string{"VIGIL_DB": db, tc.env: tc.value}
			code, _, stderr := cliEnv(t, vars, tc.args...)
			want := tc.env + "=" + `"` + tc.value + `" is not ` + tc.want
			if code != 2 || !strings.Contains(stderr, want) {
				t.Fatalf("exit %d, stderr %q; want 2 and %q", code, stderr, want)
			}
		})
	}
	for _, s := range settings {
		if !s.valid("\x00 not a value of any kind") && !checked[s.env] {
			t.Errorf("%s is checked but has no bad value in the table", s.env)
		}
	}
}

// TestEnvGoodValues sets every variable to a value it accepts, as the
// README's examples and its tests' environments do: 'vigil config' takes
// each from the environment.
func TestEnvGoodValues(t *testing.T) {
	vars := map[string]string{
		"VIGIL_DB":                   "postgres://postgres@127.0.0.1:5432/vigil",
		"VIGIL_ADDR":                 "127.0.0.1:0",
		"VIGIL_METRICS_TOKEN":        "s3cret",
		"VIGIL_ZONE":                 "Europe/Paris",
		"VIGIL_ALLOW_PRIVATE":        "true",
		"VIGIL_BUDGET":               "600",
		"VIGIL_WORKERS":              "8",
		"VIGIL_HOST_GAP":             "0",
		"VIGIL_POLICY":               "simple",
		"VIGIL_NO_TRACKING":          "1",
		"VIGIL_ACCESS_PRIOR":         "10",
		"VIGIL_LEVEL_PRIOR":          "1",
		"VIGIL_SHAPE_POOL":           "false",
		"VIGIL_PLACED_ALLOCATION":    "0",
		"VIGIL_ACCESS_HELD_BACK":     "48h",
		"VIGIL_ACCESS_UNREAD":        "0.5",
		"VIGIL_SMTP_HOST":            "mail.example.org",
		"VIGIL_SMTP_PORT":            "25",
		"VIGIL_SMTP_FROM":            "Vigil <vigil@example.org>",
		"VIGIL_SMTP_USER":            "vigil",
		"VIGIL_SMTP_PASSWORD":        "hunter2",
		"VIGIL_BASE_URL":             "https://vigil.example.org/",
		"VIGIL_TRUSTED_PROXIES":      "127.0.0.1, 10.0.0.0/8,::1",
		"VIGIL_PUBLIC_URL":           "https://vigil.example.org/",
		"VIGIL_PUSH_VERIFY":          "2h",
		"VIGIL_PUSH_VERIFY_MULTIPLE": "2.5",
	}
	if len(vars) != len(settings) {
		t.Fatalf("%d variables for %d settings", len(vars), len(settings))
	}
	code, out, stderr := cliEnv(t, vars, "config")
	if code != 0 {
		t.Fatalf("exit %d, stderr %q", code, stderr)
	}
	for _, s := range settings {
		if !strings.Contains(out, "environment "+s.env+"\n") {
			t.Errorf("%s=%q is not in force:\n%s", s.env, vars[s.env], out)
		}
	}
}

// TestConfigPrecedence checks that a flag wins over its variable, which
// wins over the default, as 'vigil config' shows and as a command uses.
func TestConfigPrecedence(t *testing.T) {
	tests := []struct {
		name string
		vars map[string]string
		args []string
		row  string // the setting's row, its spaces squeezed
	}{
		{"default", nil, nil, "workers 4 default"},
		{"environment", map[string]string{"VIGIL_WORKERS": "8"}, nil, "workers 8 environment VIGIL_WORKERS"},
		{"flag over environment", map[string]string{"VIGIL_WORKERS": "8"}, []string{"--workers", "2"}, "workers 2 flag --workers"},
		{"flag over default", nil, []string{"--zone=Asia/Tokyo"}, "zone Asia/Tokyo flag --zone"},
		{"global flag", map[string]string{"VIGIL_DB": "env.db"}, []string{"--db", "flag.db"}, "db flag.db flag --db"},
		{"false flag over true variable", map[string]string{"VIGIL_ALLOW_PRIVATE": "true"}, []string{"--allow-private=false"},
			"allow-private false flag --allow-private"},
		{"environment only", map[string]string{"VIGIL_SMTP_PASSWORD": "pw"}, nil, "smtp-password [redacted] environment VIGIL_SMTP_PASSWORD"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			code, out, stderr := cliEnv(t, tc.vars, append([]string{"config"}, tc.args...)...)
			if code != 0 {
				t.Fatalf("exit %d, stderr %q", code, stderr)
			}
			if !slices.Contains(squeezedLines(out), tc.row) {
				t.Fatalf("no row %q in\n%s", tc.row, out)
			}
		})
	}
	// A command uses the value in force: the flag's, not the variable's.
	code, _, stderr := cliEnv(t, map[string]string{"VIGIL_WORKERS": "8"}, "fetch", "--workers", "0")
	if code != 2 || !strings.Contains(stderr, "--workers must be at least 1, got 0") {
		t.Fatalf("fetch --workers 0 under VIGIL_WORKERS=8: exit %d, %q", code, stderr)
	}
}

// TestConfigOutput checks 'vigil config' on a default setup, line for
// line, and that no secret is printed however it is given.
func TestConfigOutput(t *testing.T) {
	const want = `SETTING               VALUE           SOURCE
db                    vigil.db        default
addr                  127.0.0.1:8080  default
metrics-token         ""              default
zone                  UTC             default
allow-private         false           default
budget                0               default
workers               4               default
host-gap              2s              default
policy                accrued         default
no-tracking           false           default
access-prior          30              default
access-unread         0.3             default
level-prior           3               default
shape-pool            true            default
placed-allocation     true            default
access-held-back      0s              default
smtp-host             ""              default
smtp-port             587             default
smtp-from             ""              default
smtp-user             ""              default
smtp-password         ""              default
base-url              ""              default
trusted-proxies       ""              default
public-url            ""              default
push-verify           6h0m0s          default
push-verify-multiple  4               default
`
	code, out, stderr := cliEnv(t, nil, "config")
	if code != 0 || out != want {
		t.Fatalf("exit %d, stderr %q, stdout\n%s\nwant\n%s", code, stderr, out, want)
	}
	secrets := map[string]string{"VIGIL_SMTP_PASSWORD": "pw-one", "VIGIL_METRICS_TOKEN": "token-two", "VIGIL_DB": "postgres://vigil:pw-three@db.example/vigil"}
	for _, args := range [][]string{{"config"}, {"config", "--metrics-token", "token-four", "--db", "postgres://u:pw-five@h/v"}} {
		code, out, stderr = cliEnv(t, secrets, args...)
		if code != 0 || !strings.Contains(out, "[redacted]") {
			t.Fatalf("%v: exit %d, stderr %q, stdout\n%s", args, code, stderr, out)
		}
		for _, secret := range []string{"pw-one", "token-two", "pw-three", "token-four", "pw-five"} {
			if strings.Contains(out, secret) {
				t.Errorf("%v printed the secret %q:\n%s", args, secret, out)
			}
		}
	}
}

// TestConfigReportsEveryBadVariable runs the real binary: 'vigil config'
// prints its table, then fails naming every invalid variable.
func TestConfigReportsEveryBadVariable(t *testing.T) {
	cmd := exec.Command(vigilBin, "config")
	cmd.Env = []string{"VIGIL_SMTP_PORT=25x", "VIGIL_WORKERS=none", "VIGIL_BUDGET=12"}
	var out, errb bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &errb
	err := cmd.Run()
	var exit *exec.ExitError
	if !errors.As(err, &exit) || exit.ExitCode() != 2 {
		t.Fatalf("vigil config: %v, want exit status 2; stderr %q", err, errb.String())
	}
	for _, want := range []string{`VIGIL_SMTP_PORT="25x" is not a port number (1 to 65535)`, `VIGIL_WORKERS="none" is not a count of 1 or more`} {
		if !strings.Contains(errb.String(), want) {
			t.Errorf("stderr %q lacks %q", errb.String(), want)
		}
	}
	lines := squeezedLines(out.String())
	for _, row := range []string{"budget 12 environment VIGIL_BUDGET", `smtp-port 587 default; VIGIL_SMTP_PORT="25x" is not a port number (1 to 65535)`} {
		if !slices.Contains(lines, row) {
			t.Errorf("no row %q in\n%s", row, out.String())
		}
	}
}

// squeezedLines returns the lines of s with their runs of spaces made one.
func squeezedLines(s string) []string {
	var out []string
	for _, line := range strings.Split(s, "\n") {
		out = append(out, strings.Join(strings.Fields(line), " "))
	}
	return out
}

// TestOwnFlagIsNoSetting checks that a command's own flag that shares a
// setting's name (sim's --budget is fetches per source a day, not the
// monitor's per hour) leaves the setting alone, while a bound flag sets it.
func TestOwnFlagIsNoSetting(t *testing.T) {
	tests := []struct {
		name     string
		bind     bool
		wantFrom string
		want     int
	}{
		{"own flag", false, "default", 0},
		{"bound flag", true, "flag --budget", 3},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			e := &env{stdout: &bytes.Buffer{}, stderr: &bytes.Buffer{}, getenv: func(string) string { return "" }}
			f := newFlags(e, "test", "", "")
			if tc.bind {
				f.bindInt("budget", "")
			} else {
				f.Float64("budget", 1, "")
			}
			if err := f.parse([]string{"--budget", "3"}, 0); err != nil {
				t.Fatal(err)
			}
			if f.cfg.from["budget"] != tc.wantFrom || f.cfg.budget != tc.want {
				t.Fatalf("budget %d from %q, want %d from %q", f.cfg.budget, f.cfg.from["budget"], tc.want, tc.wantFrom)
			}
		})
	}
}
