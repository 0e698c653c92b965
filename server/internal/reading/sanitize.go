package reading

import (
	"html/template"

	"vigil"
	"vigil/sanitize"
)

// SanitiseItem returns a copy of it whose Content and Summary have been
// cleaned by the server's policy, so that no script or event handler from
// a feed reaches a reader.
func (s *Service) SanitiseItem(it vigil.Item) vigil.Item {
	return sanitize.Item(s.sanitizer, it)
}

// ItemBody returns the sanitised HTML to show for an item: its content,
// else its summary.
func (s *Service) ItemBody(it vigil.Item) template.HTML {
	body := it.Content
	if body == "" {
		body = it.Summary
	}
	return template.HTML(s.sanitizer.Sanitize(body))
}
