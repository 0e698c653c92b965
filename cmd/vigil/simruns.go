package main

import (
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"io"
	"os"
	"path/filepath"

	simreport "vigil/report"
	"vigil/sim"
)

// runDir returns where a sim report keeps its finished runs, so that an
// interrupted report resumes: out/runs/ID, where ID digests what every run
// depends on besides its policy and budget (the trace and reader files'
// contents and the base configuration), and how many runs it holds.
// Changing --budgets or --policies keeps the runs already done; changing
// the trace or --train starts afresh in another directory.
func runDir(out string, base sim.Config, tracePath, usersPath string) (simreport.RunDir, int, error) {
	h := sha256.New()
	fmt.Fprintf(h, "vigil sim report runs v1\ntrain %s online %v window %d quality %v\n", base.Train, base.Online, base.DefaultWindow, !base.NoQuality)
	for _, p := range []string{tracePath, usersPath} {
		if p == "" {
			fmt.Fprintln(h, "no file")
			continue
		}
		if err := digestFile(h, p); err != nil {
			return "", 0, err
		}
	}
	dir := filepath.Join(out, "runs", hex.EncodeToString(h.Sum(nil))[:16])
	kept, _ := filepath.Glob(filepath.Join(dir, "*.json"))
	return simreport.RunDir(dir), len(kept), nil
}

// digestFile adds a file's length and contents to h.
func digestFile(h io.Writer, path string) error {
	f, err := os.Open(path)
	if err != nil {
		return fmt.Errorf("unable to read %s: %w", path, err)
	}
	defer f.Close()
	n, err := io.Copy(h, f)
	if err != nil {
		return fmt.Errorf("unable to read %s: %w", path, err)
	}
	fmt.Fprintf(h, "\n%d bytes\n", n)
	return nil
}
