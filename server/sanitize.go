package server

import (
	"html/template"

	"vigil"
	"vigil/sanitize"
)

// sanitiseItem returns a copy of it whose Content and Summary have been
// cleaned by the server's policy, so that no script or event handler from
// a feed reaches a reader.
func (s *Server) sanitiseItem(it vigil.Item) vigil.Item {
	return sanitize.Item(s.sanitizer, it)
}

// itemBody returns the sanitised HTML to show for an item: its content,
// else its summary.
func (s *Server) itemBody(it vigil.Item) template.HTML {
	body := it.Content
	if body == "" {
		body = it.Summary
	}
	return template.HTML(s.sanitizer.Sanitize(body))
}
