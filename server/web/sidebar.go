package web

import (
	"sort"
	"strings"

	"vigil"
)

// sidebarFolder is one folder of the sidebar: its own name, its sub-folders
// by name and the feeds directly in it. The root has no name and holds the
// feeds at the top level.
type sidebarFolder struct {
	Name    string
	Path    string // the whole "/"-separated path
	Unread  int    // unread items of every feed below it
	Folders []*sidebarFolder
	Feeds   []vigil.Subscription
}

// SidebarTree groups the sidebar's feeds under their folder paths, folders
// by name before the feeds of the same level, feeds in the order given.
func (b base) SidebarTree() *sidebarFolder {
	return folderTree(b.Sidebar)
}

// folderTree groups subs under their folder paths ("News/World" is World
// inside News).
func folderTree(subs []vigil.Subscription) *sidebarFolder {
	root := &sidebarFolder{}
	for _, sub := range subs {
		f := root
		f.Unread += sub.Unread
		if sub.Folder != "" {
			for _, name := range strings.Split(sub.Folder, "/") {
				f = f.child(name)
				f.Unread += sub.Unread
			}
		}
		f.Feeds = append(f.Feeds, sub)
	}
	root.sort()
	return root
}

// child returns the sub-folder called name, adding it when missing.
func (f *sidebarFolder) child(name string) *sidebarFolder {
	for _, c := range f.Folders {
		if c.Name == name {
			return c
		}
	}
	path := name
	if f.Path != "" {
		path = f.Path + "/" + name
	}
	c := &sidebarFolder{Name: name, Path: path}
	f.Folders = append(f.Folders, c)
	return c
}

// sort orders the folders below f by name, case-insensitively.
func (f *sidebarFolder) sort() {
	sort.SliceStable(f.Folders, func(i, j int) bool {
		return strings.ToLower(f.Folders[i].Name) < strings.ToLower(f.Folders[j].Name)
	})
	for _, c := range f.Folders {
		c.sort()
	}
}

// Folders lists every folder path of the sidebar, for the folder form's
// suggestions.
func (b base) Folders() []string {
	var out []string
	var walk func(f *sidebarFolder)
	walk = func(f *sidebarFolder) {
		for _, c := range f.Folders {
			out = append(out, c.Path)
			walk(c)
		}
	}
	walk(folderTree(b.Sidebar))
	return out
}
