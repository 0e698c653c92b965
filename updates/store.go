package updates

import "vigil/store"

// Store is what judging a page's changes reads: the pages and their
// followers' settings (Pages) and the changes with their evaluations
// (PageHistory). Views and History take it.
type Store interface {
	store.Pages
	store.PageHistory
}

// FolderStore is a Store that also lists the user's subscriptions
// (Subscribing), which Build finds the followed pages among.
type FolderStore interface {
	Store
	store.Subscribing
}
