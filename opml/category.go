package opml

import "strings"

// categoryPath splits a category into folder names, trimming each and
// dropping blank ones.
func categoryPath(category string) []string {
	var path []string
	for _, name := range strings.Split(category, "/") {
		if name = strings.TrimSpace(name); name != "" {
			path = append(path, name)
		}
	}
	return path
}

// canonicalCategory returns category with its folder names trimmed and
// blank ones dropped, the form in which Parse reports it and Write reads it.
func canonicalCategory(category string) string {
	return strings.Join(categoryPath(category), "/")
}
