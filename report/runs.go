package report

import (
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
)

// RunStore keeps the finished runs of a sweep by label, so that an
// interrupted sweep resumes where it stopped.
type RunStore interface {
	// Load returns the row kept for label, and whether there is one.
	Load(label string) (Row, bool, error)
	// Save keeps the row of a finished run.
	Save(label string, row Row) error
}

// RunDir is a RunStore keeping each run as a JSON file in a directory.
type RunDir string

// Load reads the run of label; a missing file is no run.
func (d RunDir) Load(label string) (Row, bool, error) {
	b, err := os.ReadFile(d.path(label))
	if errors.Is(err, fs.ErrNotExist) {
		return Row{}, false, nil
	}
	if err != nil {
		return Row{}, false, fmt.Errorf("report: unable to read the finished run %q: %w", label, err)
	}
	var row Row
	if err := json.Unmarshal(b, &row); err != nil {
		return Row{}, false, fmt.Errorf("report: the finished run in %s is damaged (delete it to run it again): %w", d.path(label), err)
	}
	return row, true, nil
}

// Save writes the run of label whole or not at all: into a temporary file
// renamed into place.
func (d RunDir) Save(label string, row Row) error {
	b, err := json.MarshalIndent(row, "", "  ")
	if err != nil {
		return fmt.Errorf("report: unable to encode the run %q: %w", label, err)
	}
	if err := os.MkdirAll(string(d), 0o755); err != nil {
		return fmt.Errorf("report: unable to create %s: %w", d, err)
	}
	tmp, err := os.CreateTemp(string(d), ".run-*")
	if err != nil {
		return fmt.Errorf("report: unable to keep the run %q: %w", label, err)
	}
	_, err = tmp.Write(append(b, '\n'))
	if cerr := tmp.Close(); err == nil {
		err = cerr
	}
	if err == nil {
		err = os.Rename(tmp.Name(), d.path(label))
	}
	if err != nil {
		os.Remove(tmp.Name())
		return fmt.Errorf("report: unable to keep the run %q: %w", label, err)
	}
	return nil
}

// path is the file of label: its characters other than letters, digits,
// '.', '-' and '=' become '_'.
func (d RunDir) path(label string) string {
	name := strings.Map(func(r rune) rune {
		if r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9' || strings.ContainsRune(".-=", r) {
			return r
		}
		return '_'
	}, label)
	return filepath.Join(string(d), name+".json")
}
