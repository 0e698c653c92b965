package opml

// folder is a node of the tree Write builds from the outlines' categories:
// its entries are feeds and subfolders in order of first appearance.
type folder struct {
	name    string
	entries []entry
	sub     map[string]*folder
}

// entry is either a feed or a subfolder of a folder.
type entry struct {
	feed   *Outline
	folder *folder
}

// newFolder returns an empty folder with the given name.
func newFolder(name string) *folder {
	return &folder{name: name, sub: make(map[string]*folder)}
}

// buildTree groups outlines into folders by their Category paths.
func buildTree(outlines []Outline) *folder {
	root := newFolder("")
	for i := range outlines {
		f := root.descend(categoryPath(outlines[i].Category))
		f.entries = append(f.entries, entry{feed: &outlines[i]})
	}
	return root
}

// descend returns the folder at path below f, creating missing folders.
func (f *folder) descend(path []string) *folder {
	for _, name := range path {
		next, ok := f.sub[name]
		if !ok {
			next = newFolder(name)
			f.sub[name] = next
			f.entries = append(f.entries, entry{folder: next})
		}
		f = next
	}
	return f
}
