package export

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"time"

	"vigil"
)

// Format is the value of a JSON export's "format" field, by which Read
// tells it from OPML.
const Format = "vigil-export"

// Version is the version of the JSON export format written: 2 added each
// subscription's name and weight.
const Version = 2

// Document is a JSON export: a user's feeds and pages with every setting.
type Document struct {
	Format  string    `json:"format"`
	Version int       `json:"version"`
	User    string    `json:"user"`
	Created time.Time `json:"created"`
	Entries []Entry   `json:"subscriptions"`
}

// WriteJSON writes entries as a JSON Document of the user, created at now.
func WriteJSON(w io.Writer, user string, entries []Entry, now time.Time) error {
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	doc := Document{Format: Format, Version: Version, User: user, Created: now.UTC(), Entries: entries}
	if err := enc.Encode(doc); err != nil {
		return fmt.Errorf("export: unable to write JSON: %w", err)
	}
	return nil
}

// IsJSON reports whether data looks like a JSON document rather than
// XML: its first byte other than white space and a byte order mark is
// '{'.
func IsJSON(data []byte) bool {
	data = bytes.TrimSpace(bytes.TrimPrefix(data, []byte("\ufeff")))
	return len(data) > 0 && data[0] == '{'
}

// ReadJSON reads a JSON Document. A document of another format or a
// later version, or an entry without a URL, is EINVALID; the entries'
// settings are checked when they are imported.
func ReadJSON(data []byte) ([]Entry, error) {
	var doc Document
	d := json.NewDecoder(bytes.NewReader(bytes.TrimPrefix(data, []byte("\ufeff"))))
	d.DisallowUnknownFields()
	if err := d.Decode(&doc); err != nil {
		return nil, vigil.Errorf(vigil.EINVALID, "the JSON export cannot be read: %v", err)
	}
	if doc.Format != Format {
		return nil, vigil.Errorf(vigil.EINVALID, "the JSON document's format is %q, not %q", doc.Format, Format)
	}
	if doc.Version < 1 || doc.Version > Version {
		return nil, vigil.Errorf(vigil.EINVALID, "the JSON export's version %d is not one this vigil reads (1 to %d)", doc.Version, Version)
	}
	for i, e := range doc.Entries {
		if e.URL == "" {
			return nil, vigil.Errorf(vigil.EINVALID, "subscription %d of the JSON export has no url", i+1)
		}
	}
	return doc.Entries, nil
}
