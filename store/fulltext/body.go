package fulltext

import "strings"

// Body is the text of an item that search matches besides its title: the
// plain text of its summary and its content, the summary left out when the
// content already contains it (many feeds repeat the first paragraph), so
// that it does not count twice in the ranking.
func Body(summary, content string) string {
	summary, content = PlainText(summary), PlainText(content)
	switch {
	case content == "":
		return summary
	case strings.Contains(content, summary):
		return content
	}
	return summary + "\n" + content
}
