package vigil

import (
	"strings"
	"unicode"
	"unicode/utf8"
)

// MaxFolderLength bounds a folder path, in bytes.
const MaxFolderLength = 512

// CleanFolder returns a folder path in its stored form: the names between
// "/" trimmed of spaces and blank ones dropped, so " News / World/" is
// "News/World" and "" or "/" is the top level. Nested OPML folders map to
// such paths; the Google Reader API shows each path as one label. A path
// with control characters, invalid UTF-8 or over MaxFolderLength bytes is
// EINVALID.
func CleanFolder(path string) (string, error) {
	if !utf8.ValidString(path) {
		return "", Errorf(EINVALID, "folder name is not valid UTF-8")
	}
	if strings.ContainsFunc(path, unicode.IsControl) {
		return "", Errorf(EINVALID, "folder name %q contains a control character", path)
	}
	var names []string
	for _, name := range strings.Split(path, "/") {
		if name = strings.TrimSpace(name); name != "" {
			names = append(names, name)
		}
	}
	clean := strings.Join(names, "/")
	if len(clean) > MaxFolderLength {
		return "", Errorf(EINVALID, "folder name is longer than %d bytes", MaxFolderLength)
	}
	return clean, nil
}
