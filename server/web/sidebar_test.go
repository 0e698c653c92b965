package web

import (
	"fmt"
	"strings"
	"testing"

	"vigil"
)

// TestFolderTree checks how the sidebar groups feeds: nested folder paths,
// unread counts summed over everything below a folder, folders sorted by
// name and top-level feeds kept at the root.
func TestFolderTree(t *testing.T) {
	sub := func(id int64, folder string, unread int) vigil.Subscription {
		return vigil.Subscription{Feed: vigil.Feed{ID: id}, Folder: folder, Unread: unread}
	}
	root := folderTree([]vigil.Subscription{
		sub(1, "News/World", 2), sub(2, "", 1), sub(3, "News", 4), sub(4, "arts", 0), sub(5, "News/World", 3),
	})
	var got []string
	var walk func(f *sidebarFolder, depth int)
	walk = func(f *sidebarFolder, depth int) {
		for _, c := range f.Folders {
			got = append(got, fmt.Sprintf("%s%s(%s) %d", strings.Repeat(" ", depth), c.Name, c.Path, c.Unread))
			walk(c, depth+1)
		}
		for _, s := range f.Feeds {
			got = append(got, fmt.Sprintf("%sfeed %d", strings.Repeat(" ", depth), s.Feed.ID))
		}
	}
	walk(root, 0)
	want := []string{
		"arts(arts) 0", " feed 4",
		"News(News) 9", " World(News/World) 5", "  feed 1", "  feed 5", " feed 3",
		"feed 2",
	}
	if strings.Join(got, "\n") != strings.Join(want, "\n") || root.Unread != 10 {
		t.Errorf("tree (unread %d):\n%s\nwant (unread 10):\n%s", root.Unread, strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
	if paths := (base{Sidebar: []vigil.Subscription{sub(1, "News/World", 0), sub(2, "arts", 0)}}).Folders(); strings.Join(paths, ",") != "arts,News,News/World" {
		t.Errorf("folder paths %q", paths)
	}
}
