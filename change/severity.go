package change

import (
	"fmt"
	"strings"
)

// Severity is a word for how much a change matters: negligible,
// significant or important. The agent uses it for the size of a change,
// people for its nature (Glance et al. §3.1.3). The zero value is
// unknown, used for "not rated".
type Severity int

// The severity levels, in increasing order.
const (
	Unknown Severity = iota
	Negligible
	Significant
	Important
)

// String returns the severity's word.
func (s Severity) String() string {
	switch s {
	case Negligible:
		return "negligible"
	case Significant:
		return "significant"
	case Important:
		return "important"
	}
	return "unknown"
}

// ParseSeverity returns the Severity named by word (case-insensitive), or
// an error naming the word.
func ParseSeverity(word string) (Severity, error) {
	switch strings.ToLower(strings.TrimSpace(word)) {
	case "negligible":
		return Negligible, nil
	case "significant":
		return Significant, nil
	case "important":
		return Important, nil
	}
	return Unknown, fmt.Errorf("change: unknown severity %q (want negligible, significant or important)", word)
}

// MarshalText encodes the severity as its word.
func (s Severity) MarshalText() ([]byte, error) {
	return []byte(s.String()), nil
}

// UnmarshalText decodes a severity word, and "unknown" (or nothing), which
// MarshalText writes for the zero value, as Unknown.
func (s *Severity) UnmarshalText(b []byte) error {
	if w := strings.TrimSpace(string(b)); w == "" || strings.EqualFold(w, "unknown") {
		*s = Unknown
		return nil
	}
	v, err := ParseSeverity(string(b))
	if err != nil {
		return err
	}
	*s = v
	return nil
}

// Bands maps a change fraction to a severity word: below Significant is
// negligible, from Significant to Important (both included) significant,
// above Important important.
type Bands struct {
	Significant float64
	Important   float64
}

// DefaultBands returns Glance et al.'s bands (§3.1.3): negligible under
// 5%, significant from 5% to 20%, important above 20%.
func DefaultBands() Bands {
	return Bands{Significant: 0.05, Important: 0.20}
}

// Of returns the severity of a change fraction in [0, 1].
func (b Bands) Of(fraction float64) Severity {
	switch {
	case fraction > b.Important:
		return Important
	case fraction >= b.Significant:
		return Significant
	}
	return Negligible
}
