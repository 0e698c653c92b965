package opml

import (
	"fmt"

	"vigil"
)

// ErrTooLarge is returned by Parse for a document longer than MaxDocumentSize.
var ErrTooLarge error = vigil.Errorf(vigil.EINVALID, "document is larger than %d bytes", MaxDocumentSize)

// invalid returns an error about a malformed document or outline, with the
// code vigil.EINVALID and the package prefix.
func invalid(format string, args ...any) error {
	return fmt.Errorf("opml: %w", vigil.Errorf(vigil.EINVALID, format, args...))
}
