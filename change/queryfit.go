package change

import (
	"encoding/json"
	"errors"
	"fmt"
	"strings"
)

// ErrQueryMisfit is wrapped by Extract's error when a query the options
// set cannot read the document at all: a jq program given a body that is
// not JSON, or a CSS selector or XPath expression given one that is. Such
// a setting is never left out silently: the caller says why the page was
// not read.
var ErrQueryMisfit = errors.New("change: the page's query does not fit the document")

// misfitError is an ErrQueryMisfit in words.
type misfitError struct{ msg string }

// Error says which query does not fit and why.
func (e misfitError) Error() string { return e.msg }

// Is makes errors.Is(err, ErrQueryMisfit) true.
func (e misfitError) Is(target error) bool { return target == ErrQueryMisfit }

// readsAsJSON reports whether a body is read as JSON: one served as a
// JSON type, or, when a query is set, one that parses as JSON served as
// any text/* type or application/octet-stream (as many APIs serve it).
// Without a query a JSON body served as text stays plain text, as before.
func (x *extractor) readsAsJSON(mediaType string, body []byte) bool {
	if isJSON(mediaType) {
		return true
	}
	if x.jq == nil && x.selector == nil && x.xpath == nil {
		return false
	}
	servedAsText := strings.HasPrefix(mediaType, "text/") || mediaType == "application/octet-stream"
	return servedAsText && json.Valid(body)
}

// misfit returns the error of a query that cannot read the document (the
// body, read as JSON or not), or nil when every query set fits it.
func (x *extractor) misfit(mediaType string, body []byte, asJSON bool) error {
	if asJSON && x.watchedBy() != "" {
		return misfitError{fmt.Sprintf("change: the %s reads HTML, and this document (served as %s) is JSON: use a jq program for JSON", x.watchedBy(), mediaType)}
	}
	if !asJSON && x.jq != nil {
		var v any
		err := json.Unmarshal(body, &v)
		return misfitError{fmt.Sprintf("change: the jq program %q reads JSON, and this document (served as %s) is not JSON: %v", x.jqText, mediaType, err)}
	}
	return nil
}
