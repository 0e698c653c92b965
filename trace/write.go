package trace

import (
	"bufio"
	"compress/gzip"
	"errors"
	"fmt"
	"io"
	"os"
	"strconv"
	"strings"
)

// WritePostings writes p in the TSV format ReadPostings reads: columns
// source, time and title, and window when some source has one. Tabs, line
// breaks and other control characters in titles become spaces; a source ID
// holding a tab or line break is an error.
func WritePostings(w io.Writer, p *Postings) error {
	bw := bufio.NewWriterSize(w, 1<<16)
	windows := false
	for _, s := range p.Sources {
		windows = windows || s.Window != 0
	}
	header := "source\ttime\ttitle"
	if windows {
		header += "\twindow"
	}
	bw.WriteString(header + "\n")
	for _, s := range p.Sources {
		if err := checkID("source", s.ID, false); err != nil {
			return err
		}
		window := ""
		if s.Window != 0 {
			window = strconv.Itoa(s.Window)
		}
		for _, post := range s.Postings {
			bw.WriteString(s.ID + "\t" + formatTime(post.Time) + "\t" + cleanText(post.Title))
			if windows {
				bw.WriteString("\t" + window)
			}
			bw.WriteByte('\n')
		}
	}
	if err := bw.Flush(); err != nil {
		return fmt.Errorf("trace: unable to write postings: %w", err)
	}
	return nil
}

// WriteAccesses writes a in the TSV format ReadAccesses reads: columns user
// and time, and source when some access names one.
func WriteAccesses(w io.Writer, a *Accesses) error {
	bw := bufio.NewWriterSize(w, 1<<16)
	sources := false
	for _, u := range a.Users {
		for _, acc := range u.Accesses {
			sources = sources || acc.Source != ""
		}
	}
	header := "user\ttime"
	if sources {
		header += "\tsource"
	}
	bw.WriteString(header + "\n")
	for _, u := range a.Users {
		if err := checkID("user", u.ID, false); err != nil {
			return err
		}
		for _, acc := range u.Accesses {
			bw.WriteString(u.ID + "\t" + formatTime(acc.Time))
			if sources {
				if err := checkID("source", acc.Source, true); err != nil {
					return err
				}
				bw.WriteString("\t" + acc.Source)
			}
			bw.WriteByte('\n')
		}
	}
	if err := bw.Flush(); err != nil {
		return fmt.Errorf("trace: unable to write accesses: %w", err)
	}
	return nil
}

// WritePostingsFile writes p to path, gzip-compressed when path ends in .gz.
func WritePostingsFile(path string, p *Postings) error {
	return writeFile(path, func(w io.Writer) error { return WritePostings(w, p) })
}

// WriteAccessesFile writes a to path, gzip-compressed when path ends in .gz.
func WriteAccessesFile(path string, a *Accesses) error {
	return writeFile(path, func(w io.Writer) error { return WriteAccesses(w, a) })
}

// writeFile creates path and runs write on it, through gzip for .gz names.
func writeFile(path string, write func(io.Writer) error) (err error) {
	f, err := os.Create(path)
	if err != nil {
		return fmt.Errorf("trace: unable to create %s: %w", path, err)
	}
	defer func() {
		if cerr := f.Close(); cerr != nil && err == nil {
			err = fmt.Errorf("trace: unable to close %s: %w", path, cerr)
		}
	}()
	if !strings.HasSuffix(path, ".gz") {
		return write(f)
	}
	zw := gzip.NewWriter(f)
	if err := write(zw); err != nil {
		return err
	}
	if err := zw.Close(); err != nil {
		return fmt.Errorf("trace: unable to compress %s: %w", path, err)
	}
	return nil
}

// checkID rejects identifiers the TSV format cannot hold, and empty ones
// unless allowed.
func checkID(kind, id string, emptyOK bool) error {
	if strings.ContainsAny(id, "\t\r\n") {
		return fmt.Errorf("trace: %s %q holds a tab or line break", kind, id)
	}
	if !emptyOK && strings.TrimSpace(id) == "" {
		return errors.New("trace: empty " + kind + " ID")
	}
	return nil
}

// cleanText replaces control characters, which the TSV format cannot hold
// in a field, with spaces.
func cleanText(s string) string {
	if !strings.ContainsFunc(s, isControl) {
		return s
	}
	return strings.Map(func(r rune) rune {
		if isControl(r) {
			return ' '
		}
		return r
	}, s)
}

// isControl reports whether r is an ASCII control character.
func isControl(r rune) bool { return r < 0x20 || r == 0x7f }
