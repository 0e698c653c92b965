package pagereplay

import (
	"encoding/json"
	"fmt"
	"io"
	"sort"
	"strings"

	"vigil"
	"vigil/change"
)

// Report is what the monitor recorded of a replayed history.
type Report struct {
	// Versions counts the versions served and fetched; Stored the
	// versions the monitor stored (each fetch whose bytes differed).
	Versions int `json:"versions"`
	Stored   int `json:"stored"`
	// Changes counts the changes recorded; Returns those recorded as a
	// return to an earlier state, and Told the others, which followers
	// are told of.
	Changes int `json:"changes"`
	Returns int `json:"returns"`
	Told    int `json:"told"`
	// ZeroExtent counts changes whose text, links and images extents are
	// all zero, and ZeroExtentVersions names their versions.
	ZeroExtent         int      `json:"zero_extent"`
	ZeroExtentVersions []string `json:"zero_extent_versions,omitempty"`
	// Severities counts the changes by the agent's severity.
	Severities map[string]int `json:"severities"`
	// Noise are the keys of the noise items learned at the end
	// (change.NoiseItem.Key: "block:", "numbers:", "values:", "param:").
	Noise []string `json:"noise"`
	// List holds each change: its version, severity and summary.
	List []Entry `json:"changes_list"`
}

// Entry is one recorded change.
type Entry struct {
	Version  string `json:"version"`
	Severity string `json:"severity"`
	Return   int    `json:"return,omitempty"`
	Summary  string `json:"summary"`
}

// add counts one change recorded at version name.
func (r *Report) add(name string, e change.Extents) {
	r.Changes++
	if e.Return > 0 {
		r.Returns++
	} else {
		r.Told++
	}
	if e.Text == 0 && e.Links == 0 && e.Images == 0 {
		r.ZeroExtent++
		r.ZeroExtentVersions = append(r.ZeroExtentVersions, name)
	}
	r.Severities[e.Severity.String()]++
	r.List = append(r.List, Entry{Version: name, Severity: e.Severity.String(), Return: e.Return, Summary: e.Summary})
}

// learned returns the keys of the page's noise items as the monitor
// applies them.
func learned(p *vigil.Page) []string {
	var s change.NoiseStats
	if len(p.Noise) > 0 && json.Unmarshal(p.Noise, &s) != nil {
		return nil
	}
	var keys []string
	for _, it := range s.Recorded(change.NoiseOptions{Forgotten: p.NoiseForgotten}) {
		keys = append(keys, it.Key)
	}
	return keys
}

// WriteText writes the report for a reader: the counts, then with
// verbose each change.
func (r Report) WriteText(w io.Writer, verbose bool) error {
	sev := make([]string, 0, len(r.Severities))
	for k, n := range r.Severities {
		sev = append(sev, fmt.Sprintf("%s %d", k, n))
	}
	sort.Strings(sev)
	_, err := fmt.Fprintf(w, "versions %d, stored %d, changes %d (told %d, returns %d), zero-extent changes %d\nseverities: %s\nlearned noise: %d item(s) %s\n",
		r.Versions, r.Stored, r.Changes, r.Told, r.Returns, r.ZeroExtent, strings.Join(sev, ", "), len(r.Noise), strings.Join(r.Noise, " "))
	if err != nil || !verbose {
		return err
	}
	for _, c := range r.List {
		if _, err := fmt.Fprintf(w, "%s\t%s\t%s\n", c.Version, c.Severity, c.Summary); err != nil {
			return err
		}
	}
	return nil
}
