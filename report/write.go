package report

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"time"
)

// Summary describes the sweep a report shows: how it was run and on what.
type Summary struct {
	// Command is the exact command line that made the report.
	Command string `json:"command"`
	// Trace and Users are the input files; Users is "" without readers.
	Trace string `json:"trace"`
	Users string `json:"users,omitempty"`
	// Sources, Postings, Readers and Accesses count the inputs.
	Sources  int `json:"sources"`
	Postings int `json:"postings"`
	Readers  int `json:"readers,omitempty"`
	Accesses int `json:"accesses,omitempty"`
	// Start and End bound the simulated period.
	Start time.Time `json:"start"`
	End   time.Time `json:"end"`
	// Mode says how the models were trained, e.g. "trained on the first
	// 14 days, measured on the rest".
	Mode string `json:"mode"`
	// Budgets, Policies and ShapePolicy are what the sweep ran.
	Budgets     []float64 `json:"budgets_per_source"`
	Policies    []string  `json:"policies"`
	ShapePolicy string    `json:"shape_policy,omitempty"`
	// Traits are the posting trace's statistics that bear on the gains.
	Traits Traits `json:"traits"`
	// Notes are further remarks printed in the report.
	Notes []string `json:"notes,omitempty"`
	// Elapsed is the wall time of the sweep; 0 leaves it out.
	Elapsed time.Duration `json:"-"`
}

// results is the document of results.json.
type results struct {
	Summary
	ElapsedSeconds float64 `json:"elapsed_s,omitempty"`
	Rows           []Row   `json:"rows"`
}

// Write writes the report of a sweep into dir (created when missing):
// report.md, results.json, delay.svg, misses.svg when readers were given
// and divergence.svg when the sweep has shape rows.
func Write(dir string, sum Summary, rows []Row) error {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return fmt.Errorf("report: unable to create %s: %w", dir, err)
	}
	js, err := json.MarshalIndent(results{Summary: sum, ElapsedSeconds: sum.Elapsed.Seconds(), Rows: rows}, "", "  ")
	if err != nil {
		return fmt.Errorf("report: unable to encode the results: %w", err)
	}
	files := map[string][]byte{"results.json": append(js, '\n')}
	plots, err := plots(sum, rows)
	if err != nil {
		return err
	}
	for name, svg := range plots {
		files[name] = svg
	}
	var md bytes.Buffer
	markdown(&md, sum, rows, plots)
	files["report.md"] = md.Bytes()
	for name, b := range files {
		if err := os.WriteFile(filepath.Join(dir, name), b, 0o644); err != nil {
			return fmt.Errorf("report: unable to write %s: %w", name, err)
		}
	}
	return nil
}
