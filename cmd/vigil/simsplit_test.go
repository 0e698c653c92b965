package main

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"vigil/trace"
)

// TestSimSplitFlags runs the user policy on a generated trace with its
// readers: the two halves of the sources add up to all of them, half the
// readers read in fewer accesses, a later stretch of the readers' history
// and a follow share change what readers miss, and a prior of 0 (Sia et
// al.'s own estimates) plans differently from the default. Wrong values are
// usage errors.
func TestSimSplitFlags(t *testing.T) {
	dir := t.TempDir()
	posts, users := filepath.Join(dir, "p.tsv"), filepath.Join(dir, "u.tsv")
	if code, _, stderr := cli(t, "", "", "trace", "gen", "--sources", "40", "--days", "42", "--no-titles", "--users", "6", "--out", posts, "--users-out", users); code != 0 {
		t.Fatal(stderr)
	}
	type metrics struct {
		Sources  int     `json:"sources"`
		Accesses int     `json:"accesses"`
		Misses   float64 `json:"misses_per_access"`
	}
	run := func(args ...string) metrics {
		t.Helper()
		all := append([]string{"sim", "--trace", posts, "--users", users, "--policy", "user", "--train", "168h", "--json"}, args...)
		code, out, stderr := cli(t, "", "", all...)
		if code != 0 {
			t.Fatalf("sim %v: %d %s", args, code, stderr)
		}
		var m metrics
		if err := json.Unmarshal([]byte(out), &m); err != nil {
			t.Fatal(err)
		}
		return m
	}
	all, first, second := run(), run("--sources-part", "1/2"), run("--sources-part", "2/2")
	if first.Sources+second.Sources != all.Sources || first.Sources == 0 || second.Sources == 0 {
		t.Errorf("source halves %d + %d, all %d", first.Sources, second.Sources, all.Sources)
	}
	if half := run("--users-part", "1/2"); half.Accesses == 0 || half.Accesses >= all.Accesses {
		t.Errorf("half the readers made %d accesses, all %d", half.Accesses, all.Accesses)
	}
	for _, args := range [][]string{{"--users-skip-weeks", "3"}, {"--follow-share", "0.2"}, {"--access-prior", "0"}} {
		if m := run(args...); m.Misses == all.Misses {
			t.Errorf("%v changed nothing: %v misses per access both ways", args, m.Misses)
		}
	}
	for _, bad := range [][]string{{"--sources-part", "3/2"}, {"--users-part", "x"}, {"--users-skip-weeks", "-1"}, {"--follow-share", "0"}, {"--access-prior", "-1"}} {
		all := append([]string{"sim", "--trace", posts, "--users", users, "--policy", "user"}, bad...)
		if code, _, stderr := cli(t, "", "", all...); code == 0 || !strings.Contains(stderr, strings.TrimPrefix(bad[0], "--")) && !strings.Contains(stderr, "prior") {
			t.Errorf("%v: exit %d, %s", bad, code, stderr)
		}
	}
}

// TestSimLooks replays an access trace whose rows name their source: each
// row is a look at that source alone. The two halves of the sources split
// the looks between them (none is lost or counted twice, and each half
// misses its own sources' postings alone), and looks at a source the trace
// lacks are left out with a note naming it.
func TestSimLooks(t *testing.T) {
	dir := t.TempDir()
	posts, p := genPostings(t, dir, 40)
	start := p.Start.Unix()
	var rows strings.Builder
	rows.WriteString("user\ttime\tsource\n")
	for i := range 400 {
		fmt.Fprintf(&rows, "u%d\t%d\t%s\n", i%3, start+int64(i)*9000, p.Sources[i%len(p.Sources)].ID)
	}
	users := filepath.Join(dir, "looks.tsv")
	if err := os.WriteFile(users, []byte(rows.String()), 0o600); err != nil {
		t.Fatal(err)
	}
	type metrics struct {
		Accesses int     `json:"accesses"`
		Misses   float64 `json:"misses_per_access"`
	}
	run := func(users string, args ...string) (metrics, int, string) {
		t.Helper()
		all := append([]string{"sim", "--trace", posts, "--users", users, "--policy", "user", "--train", "168h", "--json"}, args...)
		code, out, stderr := cli(t, "", "", all...)
		var m metrics
		if code == 0 {
			if err := json.Unmarshal([]byte(out), &m); err != nil {
				t.Fatal(err)
			}
		}
		return m, code, stderr
	}
	all, code, stderr := run(users)
	if code != 0 || all.Accesses == 0 {
		t.Fatalf("all sources: exit %d, %d accesses: %s", code, all.Accesses, stderr)
	}
	first, c1, e1 := run(users, "--sources-part", "1/2")
	second, c2, e2 := run(users, "--sources-part", "2/2")
	if c1 != 0 || c2 != 0 {
		t.Fatalf("halves: exit %d %s, %d %s", c1, e1, c2, e2)
	}
	if first.Accesses+second.Accesses != all.Accesses || first.Accesses == 0 || second.Accesses == 0 {
		t.Errorf("the halves hold %d + %d looks, all sources %d", first.Accesses, second.Accesses, all.Accesses)
	}
	// A look at one source misses a few postings; counted as an access
	// to all 40 sources it would miss many times more.
	if all.Misses <= 0 || all.Misses > 5 {
		t.Errorf("%v misses per look: a look should miss its own source's postings alone", all.Misses)
	}
	// A look at a source the posting trace lacks is left out with a note
	// naming it (the part that could hold it or not); a trace of such
	// looks alone is an error.
	extra := filepath.Join(dir, "extra.tsv")
	if err := os.WriteFile(extra, []byte(rows.String()+fmt.Sprintf("u0\t%d\tno-such-feed\n", start+3600)), 0o600); err != nil {
		t.Fatal(err)
	}
	withExtra, code, stderr := run(extra)
	if code != 0 || withExtra != all || !strings.Contains(stderr, `left out of `+extra+`: 1 looks in the period at 1 sources the posting trace does not hold, such as "no-such-feed"`) {
		t.Errorf("a look at a source the trace lacks: exit %d, %+v against %+v, %s", code, withExtra, all, stderr)
	}
	outside := "1/2" // a part that does not hold the missing source
	if (trace.Part{I: 1, N: 2}).Holds("no-such-feed") {
		outside = "2/2"
	}
	if _, code, stderr := run(extra, "--sources-part", outside); code != 0 || strings.Contains(stderr, "no-such-feed") {
		t.Errorf("a look at a source outside the part: exit %d, %s", code, stderr)
	}
	none := filepath.Join(dir, "none.tsv")
	if err := os.WriteFile(none, []byte(fmt.Sprintf("user\ttime\tsource\nu0\t%d\tno-such-feed\nu1\t%d\tnor-this\n", start+3600, start+7200)), 0o600); err != nil {
		t.Fatal(err)
	}
	if _, code, stderr := run(none); code == 0 || !strings.Contains(stderr, "no reader of") || !strings.Contains(stderr, "at 2 sources the posting trace does not hold") || !strings.Contains(stderr, "2 readers who look at such sources alone") {
		t.Errorf("looks at no source the trace holds: exit %d, %s", code, stderr)
	}
}

// TestSimUsersOwnTimes maps a reader trace onto the posting trace's
// period: one taken over that period keeps its times, so a reader who
// starts in the fifth week is not there before it, while the same readers
// moved years back are a stand-in replayed week by week from their first,
// and the late reader then reads from the start.
func TestSimUsersOwnTimes(t *testing.T) {
	dir := t.TempDir()
	posts, p := genPostings(t, dir, 30)
	write := func(name string, shift int64) string {
		var rows strings.Builder
		rows.WriteString("user\ttime\n")
		fmt.Fprintf(&rows, "gone\t%d\n", p.Start.Unix()+shift-5*86400) // before the period
		for h := int64(0); h < 42*24; h += 6 {
			fmt.Fprintf(&rows, "early\t%d\n", p.Start.Unix()+shift+h*3600+1800)
			if h >= 28*24 {
				fmt.Fprintf(&rows, "late\t%d\n", p.Start.Unix()+shift+h*3600+1800)
			}
		}
		path := filepath.Join(dir, name)
		if err := os.WriteFile(path, []byte(rows.String()), 0o600); err != nil {
			t.Fatal(err)
		}
		return path
	}
	own, standIn := write("own.tsv", 0), write("stand-in.tsv", -3*365*86400)
	type reader struct {
		ID       string `json:"id"`
		Accesses int    `json:"accesses"`
	}
	run := func(users string, args ...string) (map[string]int, string) {
		t.Helper()
		all := append([]string{"sim", "--trace", posts, "--users", users, "--policy", "user", "--train", "168h", "--json"}, args...)
		code, out, stderr := cli(t, "", "", all...)
		if code != 0 {
			t.Fatalf("sim %v: %d %s", args, code, stderr)
		}
		var m struct {
			Readers []reader `json:"readers"`
		}
		if err := json.Unmarshal([]byte(out), &m); err != nil {
			t.Fatal(err)
		}
		got := map[string]int{}
		for _, r := range m.Readers {
			got[r.ID] = r.Accesses
		}
		return got, stderr
	}
	cases := []struct {
		name      string
		users     string
		args      []string
		lateFirst bool // the late reader reads from the first evaluated week
		note      bool
	}{
		{"taken over the period", own, nil, false, true},
		{"taken over it, own times asked", own, []string{"--users-replay", "never"}, false, false},
		{"taken over it, replay asked", own, []string{"--users-replay", "always"}, true, false},
		{"taken over it, later weeks asked", own, []string{"--users-skip-weeks", "1"}, true, false},
		{"a stand-in from years before", standIn, nil, true, false},
	}
	for _, c := range cases {
		got, stderr := run(c.users, c.args...)
		// Evaluated from day 7: the late reader reads 14 days at their own
		// times, 35 when replayed from their first week.
		if late := got["late"]; c.lateFirst != (late > 14*4) {
			t.Errorf("%s: the late reader made %d accesses, early %d", c.name, late, got["early"])
		}
		if strings.Contains(stderr, "keep their own times") != c.note {
			t.Errorf("%s: note %v wanted, stderr %q", c.name, c.note, stderr)
		}
		// At its own times the reader who read only before the period is
		// left out, with a note, and weighs on no source; replayed, their
		// one week is copied into the period.
		if _, kept := got["gone"]; kept == (c.note || c.args != nil && c.args[1] == "never") ||
			c.note && !strings.Contains(stderr, "1 readers with no access in the period") {
			t.Errorf("%s: the reader who read before the period: kept %v, stderr %q", c.name, kept, stderr)
		}
	}
	empty := false
	for i := 1; i <= 8 && !empty; i++ { // a part that holds none of the three readers is an error
		part := trace.Part{I: i, N: 8}
		if part.Holds("early") || part.Holds("late") || part.Holds("gone") {
			continue
		}
		args := []string{"sim", "--trace", posts, "--users", own, "--policy", "user", "--users-part", fmt.Sprintf("%d/8", i)}
		if code, _, stderr := cli(t, "", "", args...); code != 1 || !strings.Contains(stderr, "falls in part") {
			t.Errorf("a users part with no reader: exit %d, %s", code, stderr)
		}
		empty = true
	}
	if !empty {
		t.Fatal("every eighth of the users holds one of the three readers: the case is not tested")
	}
	all := []string{"sim", "--trace", posts, "--users", standIn, "--policy", "user", "--users-replay", "never"}
	if code, _, stderr := cli(t, "", "", all...); code != 1 || !strings.Contains(stderr, "no reader of") || !strings.Contains(stderr, "3 readers with no access") {
		t.Errorf("a stand-in from years before at its own times: exit %d, %s", code, stderr)
	}
	for _, bad := range [][]string{{"--users-replay", "sometimes"}, {"--users-replay", "never", "--users-skip-weeks", "2"}} {
		all := append([]string{"sim", "--trace", posts, "--users", own, "--policy", "user"}, bad...)
		if code, _, stderr := cli(t, "", "", all...); code != 2 || !strings.Contains(stderr, "--users-replay") {
			t.Errorf("%v: exit %d, %s", bad, code, stderr)
		}
	}
}

// genPostings generates a 42-day posting trace of n sources without
// titles into dir with vigil trace gen, and reads it back.
func genPostings(t *testing.T, dir string, n int) (string, *trace.Postings) {
	t.Helper()
	posts := filepath.Join(dir, "p.tsv")
	if code, _, stderr := cli(t, "", "", "trace", "gen", "--sources", fmt.Sprint(n), "--days", "42", "--no-titles", "--out", posts); code != 0 {
		t.Fatal(stderr)
	}
	p, err := trace.ReadPostingsFile(posts)
	if err != nil {
		t.Fatal(err)
	}
	return posts, p
}
