package main

import (
	"fmt"

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

	sources, users trace.Part
	skip           int
	follow         float64
}

// flags declares the split's flags.
func (s *simSplit) flags(f *flags) {
	s.sourcesFlag = f.String("sources-part", "", "replay only part `i/n` of the sources, split by a hash of their IDs (e.g. 1/2)")
	s.usersFlag = f.String("users-part", "", "replay only part `i/n` of the readers, split by a hash of their IDs (e.g. 1/2)")
	s.skipFlag = f.Int("users-skip-weeks", 0, "replay each reader's history from their week `n` on instead of their first (13: a quarter later)")
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
	if !(s.follow > 0 && s.follow <= 1) {
		return usageError{fmt.Sprintf("--follow-share must be a fraction above 0 and at most 1, got %v", s.follow)}
	}
	return nil
}

// load reads the posting trace and, when usersPath is set, the reader
// trace replayed onto its period, each cut to its part.
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

// readers reads an access trace and replays it onto the posting trace's
// period. Who reads what: the sources an access row names; a user whose
// rows name none reads every source (or the follow share of them), so
// that each reader's habits weigh on the feeds (the reader traces here,
// like Sia et al.'s browsing logs, tell when people read, not what).
func (s simSplit) readers(path string, posts *trace.Postings) ([]sim.Reader, error) {
	if path == "" {
		return nil, nil
	}
	acc, err := trace.ReadAccessesFile(path)
	if err != nil {
		return nil, err
	}
	acc = acc.KeepUsers(s.users).ReplayFrom(posts.Start, posts.End, s.skip)
	readers := make([]sim.Reader, 0, len(acc.Users))
	for _, u := range acc.Users {
		r := sim.Reader{ID: u.ID, Weight: 1}
		named := map[string]bool{}
		for _, a := range u.Accesses {
			r.Accesses = append(r.Accesses, a.Time)
			if a.Source != "" && !named[a.Source] {
				named[a.Source] = true
				r.Follows = append(r.Follows, a.Source)
			}
		}
		if len(r.Follows) == 0 {
			r.Follows = s.follows(u.ID, posts)
		}
		readers = append(readers, r)
	}
	return readers, nil
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
