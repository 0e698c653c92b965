package export

import (
	"bytes"
	"fmt"
	"io"

	"vigil"
	"vigil/opml"
)

// Read reads an export in either form, told by its content: a JSON
// Document or an OPML document. It returns the entries, the notes of
// outlines left out for an unreadable vigil: attribute, and an error when
// the document as a whole cannot be read.
func Read(r io.Reader) ([]Entry, []string, error) {
	data, err := io.ReadAll(io.LimitReader(r, opml.MaxDocumentSize+1))
	if err != nil {
		return nil, nil, fmt.Errorf("unable to read the export: %w", err)
	}
	if len(data) > opml.MaxDocumentSize {
		return nil, nil, vigil.Errorf(vigil.EINVALID, "the export is larger than %d bytes", opml.MaxDocumentSize)
	}
	if IsJSON(data) {
		entries, err := ReadJSON(data)
		return entries, nil, err
	}
	outlines, err := opml.Parse(bytes.NewReader(data))
	if err != nil {
		return nil, nil, err
	}
	entries, errs := FromOutlines(outlines)
	notes := make([]string, len(errs))
	for i, e := range errs {
		notes[i] = vigil.ErrorMessage(e)
	}
	return entries, notes, nil
}
