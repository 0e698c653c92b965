package main

import (
	"fmt"
	"io"
	"strings"
	"time"

	"vigil/sim"
	"vigil/trace"
)

// simSplit is which part of the inputs vigil sim replays: the sources and
// readers of one part of a split by hash (to choose a rule on one part and
// report it on another), which stretch of the readers' own history
// (weeks skipped), and what share of the sources each reader follows.
type simSplit struct {
	sourcesFlag, usersFlag *string
	skipFlag               *int
	followFlag             *float64
	replayFlag             *string

	sources, users trace.Part
	skip           int
	follow         float64
	replay         string // replayAuto, replayAlways or replayNever
	// notes, when set, is told how the reader trace's times were taken.
	notes io.Writer
}

// The --users-replay modes: how a reader trace's times map onto the
// posting trace's period.
const (
	replayAuto   = "auto"   // their own times when taken over that period, else replayed
	replayAlways = "always" // each reader's weeks replayed from their first (trace.ReplayFrom)
	replayNever  = "never"  // their own times, those outside the period dropped (trace.Clip)
)

// flags declares the split's flags.
func (s *simSplit) flags(f *flags) {
	s.sourcesFlag = f.String("sources-part", "", "replay only part `i/n` of the sources, split by a hash of their IDs (e.g. 1/2)")
	s.usersFlag = f.String("users-part", "", "replay only part `i/n` of the readers, split by a hash of their IDs (e.g. 1/2)")
	s.skipFlag = f.Int("users-skip-weeks", 0, "replay each reader's history from their week `n` on instead of their first (13: a quarter later)")
	s.replayFlag = f.String("users-replay", replayAuto, "how reader accesses meet the trace's period: `mode` always (each reader's weeks from their first, keeping weekday and time of day), never (at their own times), or auto (never when the reader trace's period matches the trace's, their common time being at least half of the time either covers; always otherwise)")
	s.followFlag = f.Float64("follow-share", 1, "each reader whose accesses name no source follows this `fraction` of the sources, drawn by a hash of reader and source")
}

// parse checks the flags' values.
func (s *simSplit) parse() error {
	var err error
	if s.sources, err = trace.ParsePart(*s.sourcesFlag); err != nil {
		return usageError{"--sources-part: " + err.Error()}
	}
	if s.users, err = trace.ParsePart(*s.usersFlag); err != nil {
		return usageError{"--users-part: " + err.Error()}
	}
	s.skip, s.follow = *s.skipFlag, *s.followFlag
	if s.skip < 0 {
		return usageError{fmt.Sprintf("--users-skip-weeks must not be negative, got %d", s.skip)}
	}
	s.replay = *s.replayFlag
	switch {
	case s.replay != replayAuto && s.replay != replayAlways && s.replay != replayNever:
		return usageError{fmt.Sprintf("--users-replay must be auto, always or never, got %q", s.replay)}
	case s.replay == replayNever && s.skip > 0:
		return usageError{"--users-skip-weeks replays the readers' weeks, which --users-replay never forbids"}
	}
	if !(s.follow > 0 && s.follow <= 1) {
		return usageError{fmt.Sprintf("--follow-share must be a fraction above 0 and at most 1, got %v", s.follow)}
	}
	return nil
}

// load reads the posting trace and, when usersPath is set, the reader
// trace mapped onto its period, each cut to its part.
func (s simSplit) load(tracePath, usersPath string) (*trace.Postings, []sim.Reader, error) {
	posts, err := trace.ReadPostingsFile(tracePath)
	if err != nil {
		return nil, nil, err
	}
	posts.KeepSources(s.sources)
	if len(posts.Sources) == 0 {
		return nil, nil, fmt.Errorf("no source of %s falls in part %d/%d", tracePath, s.sources.I, s.sources.N)
	}
	readers, err := s.readers(usersPath, posts)
	if err != nil {
		return nil, nil, err
	}
	return posts, readers, nil
}

// readers reads an access trace and maps it onto the posting trace's
// period (onPeriod). Who reads what: a row that names a source is a look at that
// source alone, and the sources a user's rows name are those they follow;
// a row that names none is an access to all they follow, and a user whose
// rows name none follows every source (or the follow share of them), so
// that each reader's habits weigh on the feeds (the reader traces here,
// like Sia et al.'s browsing logs, tell when people read, not what). Looks
// at sources outside the replayed part of the sources are left out, and so
// is a user left with nothing they follow. So are looks at sources the
// posting trace lacks (a site's readers read more than the sources a trace
// kept), and readers with no access in the period, with a note saying
// how many; when no reader is left, that is an error.
func (s simSplit) readers(path string, posts *trace.Postings) ([]sim.Reader, error) {
	if path == "" {
		return nil, nil
	}
	acc, err := trace.ReadAccessesFile(path)
	if err != nil {
		return nil, err
	}
	known := make(map[string]bool, len(posts.Sources))
	for _, src := range posts.Sources {
		known[src.ID] = true
	}
	if acc = acc.KeepUsers(s.users); len(acc.Users) == 0 {
		return nil, fmt.Errorf("no user of %s falls in part %d/%d", path, s.users.I, s.users.N)
	}
	acc = s.onPeriod(acc, posts.Start, posts.End)
	var gone leftOut
	readers := make([]sim.Reader, 0, len(acc.Users))
	for _, u := range acc.Users {
		r, names := s.reader(u, known)
		blind := gone.count(s, u, known)
		if len(r.Accesses) == 0 && len(r.Looks) == 0 {
			switch {
			case len(u.Accesses) == 0:
				gone.idle++ // nothing in the period: weight on no feed
			case blind:
				gone.blind++
			}
			continue
		}
		if !names {
			r.Follows = s.follows(u.ID, posts)
		}
		if len(r.Follows) > 0 {
			readers = append(readers, r)
		}
	}
	if len(readers) == 0 {
		return nil, fmt.Errorf("no reader of %s reads a source of the posting trace in its period%s", path, gone)
	}
	if s.notes != nil && gone.any() {
		fmt.Fprintf(s.notes, "note: left out of %s%s\n", path, gone)
	}
	return readers, nil
}

// leftOut is what of a reader trace, as mapped onto the period, the run
// leaves out: looks at sources the replayed part of the sources would hold
// but the posting trace lacks (by source), readers who look at such
// sources alone, and readers with no access in the period.
type leftOut struct {
	unknown     map[string]int
	blind, idle int
}

// count adds u's looks at sources the posting trace lacks and tells
// whether there were any.
func (l *leftOut) count(s simSplit, u trace.User, known map[string]bool) bool {
	found := false
	for _, a := range u.Accesses {
		if a.Source != "" && !known[a.Source] && s.sources.Holds(a.Source) {
			if l.unknown == nil {
				l.unknown = map[string]int{}
			}
			l.unknown[a.Source]++
			found = true
		}
	}
	return found
}

// any tells whether anything was left out.
func (l leftOut) any() bool { return len(l.unknown) > 0 || l.blind > 0 || l.idle > 0 }

// String says what was left out, after a colon, or nothing.
func (l leftOut) String() string {
	var parts []string
	if len(l.unknown) > 0 {
		n, example := 0, ""
		for src, k := range l.unknown {
			n += k
			if example == "" || src < example {
				example = src
			}
		}
		parts = append(parts, fmt.Sprintf("%d looks in the period at %d sources the posting trace does not hold, such as %q", n, len(l.unknown), example))
	}
	if l.blind > 0 {
		parts = append(parts, fmt.Sprintf("%d readers who look at such sources alone", l.blind))
	}
	if l.idle > 0 {
		parts = append(parts, fmt.Sprintf("%d readers with no access in the period", l.idle))
	}
	if len(parts) == 0 {
		return ""
	}
	return ": " + strings.Join(parts, "; ")
}

// onPeriod maps the reader trace's accesses onto the period [start, end)
// by the --users-replay mode: a trace taken over that period (a site's own
// readers) keeps its times, so that readers who start late stay new and
// the accesses stay beside the postings they followed; a trace from other
// years (the activity stand-in) is replayed week by week. Skipping weeks
// always replays.
func (s simSplit) onPeriod(acc *trace.Accesses, start, end time.Time) *trace.Accesses {
	own := s.replay == replayNever || (s.replay == replayAuto && s.skip == 0 && acc.InPeriod(start, end))
	if !own {
		return acc.ReplayFrom(start, end, s.skip)
	}
	if s.notes != nil && s.replay == replayAuto {
		fmt.Fprintf(s.notes, "note: the reader trace was taken over the trace's period (they match by %.0f%%): its accesses keep their own times (--users-replay always replays them)\n",
			100*acc.Overlap(start, end))
	}
	return acc.Clip(start, end)
}

// reader is one user's accesses and looks, following the sources their
// rows name that the posting trace holds; names reports whether any row
// names a source. Looks at other sources are left out (leftOut.count
// counts them).
func (s simSplit) reader(u trace.User, known map[string]bool) (r sim.Reader, names bool) {
	r = sim.Reader{ID: u.ID, Weight: 1}
	follows := map[string]bool{}
	for _, a := range u.Accesses {
		if a.Source == "" {
			r.Accesses = append(r.Accesses, a.Time)
			continue
		}
		names = true
		if !known[a.Source] {
			continue
		}
		if !follows[a.Source] {
			follows[a.Source] = true
			r.Follows = append(r.Follows, a.Source)
		}
		r.Looks = append(r.Looks, sim.Look{Source: a.Source, Time: a.Time})
	}
	return r, names
}

// follows is the sources a reader whose accesses name none follows: all
// of them, or the follow share (at least one).
func (s simSplit) follows(user string, posts *trace.Postings) []string {
	var out []string
	for _, src := range posts.Sources {
		if s.follow >= 1 || trace.Follows(user, src.ID, s.follow) {
			out = append(out, src.ID)
		}
	}
	if len(out) == 0 {
		out = append(out, posts.Sources[0].ID)
	}
	return out
}
