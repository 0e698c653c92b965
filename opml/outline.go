package opml

// Outline is one feed subscription in an OPML document.
type Outline struct {
	// Title is the feed's name as the exporting reader showed it; it may be
	// empty when the document gives none.
	Title string
	// XMLURL is the address of the feed itself; it is never empty.
	XMLURL string
	// HTMLURL is the address of the site the feed belongs to, if known.
	HTMLURL string
	// Category is the path of folders enclosing the feed, outermost first,
	// joined by "/"; empty for a feed at the top level. A folder name that
	// itself contains "/" reads back from Write as nested folders.
	Category string
	// Extra holds the outline's attributes in the Namespace, by local
	// name: what vigil adds to a feed or page. Readers other than vigil
	// ignore them; nil when there are none.
	Extra map[string]string
}

// Namespace is the XML namespace of the attributes vigil adds to an
// outline (written with the prefix "vigil"). Its host is under the
// reserved .invalid domain, so it names nothing that could be fetched.
const Namespace = "https://vigil.invalid/opml"
