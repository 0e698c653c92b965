package feed

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"strings"
)

// isJSON reports whether the text starts like a JSON object.
func isJSON(text []byte) bool {
	t := bytes.TrimLeft(text, " \t\r\n")
	return len(t) > 0 && t[0] == '{'
}

// jsonFeedHead holds the members that show a JSON object is a JSON Feed.
type jsonFeedHead struct {
	Version string          `json:"version"`
	Items   json.RawMessage `json:"items"`
}

// parseJSON parses a JSON Feed after checking that the text is valid JSON
// and looks like a JSON Feed (a jsonfeed.org version or an items array).
func parseJSON(text []byte, opts Options) (*Feed, error) {
	var head jsonFeedHead
	if err := json.Unmarshal(text, &head); err != nil {
		return nil, fmt.Errorf("feed: malformed JSON: %w", jsonErrorAt(text, err))
	}
	if !strings.Contains(head.Version, "jsonfeed.org/version/") && !bytes.HasPrefix(bytes.TrimSpace(head.Items), []byte("[")) {
		return nil, errors.New("feed: not a feed: JSON object without a jsonfeed.org version or items array")
	}
	gf, err := parseWithGofeed(text)
	if err != nil {
		return nil, fmt.Errorf("feed: unable to read the JSON feed: %w", err)
	}
	return normalise(gf, opts, false), nil
}

// jsonErrorAt adds the line of a JSON syntax error to the error.
func jsonErrorAt(text []byte, err error) error {
	var se *json.SyntaxError
	if !errors.As(err, &se) {
		return err
	}
	line := 1 + bytes.Count(text[:min(int(se.Offset), len(text))], []byte("\n"))
	return fmt.Errorf("line %d: %w", line, err)
}
