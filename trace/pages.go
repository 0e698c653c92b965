package trace

import "fmt"

// ReadPageChangesFile reads a page-change trace: the posting-trace format
// (source, time; plain or gzip) where each row is a time the source's page
// changed. A window column makes no sense for a page, which shows only its
// latest version, and is refused; titles are ignored.
func ReadPageChangesFile(path string) (*Postings, error) {
	p, err := ReadPostingsFile(path)
	if err != nil {
		return nil, err
	}
	for _, s := range p.Sources {
		if s.Window > 0 {
			return nil, fmt.Errorf("trace: %s: page %q has a window (%d); a page-change trace has only source and time", path, s.ID, s.Window)
		}
	}
	return p, nil
}
