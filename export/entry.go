package export

// Entry is one subscription as it travels: a feed, or a page when Page is
// set.
type Entry struct {
	// Title is the name the user sees; it may be empty.
	Title string `json:"title,omitempty"`
	// URL is the address of the feed or page.
	URL string `json:"url"`
	// SiteURL is the site a feed belongs to, if known.
	SiteURL string `json:"site_url,omitempty"`
	// Folder is the user's folder path, "/"-separated; "" for none.
	Folder string `json:"folder,omitempty"`
	// Name is the user's own name for the feed, "" to show the feed's own
	// (JSON only: in OPML the title is the name shown).
	Name string `json:"name,omitempty"`
	// Weight is how much the user's interest counts in planning; 0 (as
	// OPML and version 1 of the JSON export leave it) means 1.
	Weight float64 `json:"weight,omitempty"`
	// Page holds a watched page's settings; nil for a feed.
	Page *PageSettings `json:"page,omitempty"`
	// origin names where the entry was read and how its settings are
	// named there, for messages about a bad value.
	origin origin
}

// origin is where an entry was read: its name ("outline \"News\"") and
// the prefix of its setting names ("vigil:" in OPML).
type origin struct {
	name   string
	prefix string
}

// describe returns what to call the entry in a message.
func (e Entry) describe() string {
	if e.origin.name != "" {
		return e.origin.name
	}
	return "entry " + quote(e.URL)
}

// PageSettings are the settings of a watched page that travel with it:
// the owner's (Kinds to JQ, and NoiseUndone, the learned noise items the
// owner undid) and the exporting follower's (Threshold, Frequency,
// Conditions, each condition in vigil.Condition's text form).
type PageSettings struct {
	Kinds    []string `json:"kinds"`
	Selector string   `json:"selector,omitempty"`
	Ignore   []string `json:"ignore"`
	Returns  int      `json:"returns"`
	Render   bool     `json:"render"`
	WaitFor  string   `json:"wait_for,omitempty"`
	XPath    string   `json:"xpath,omitempty"`
	JQ       string   `json:"jq,omitempty"`
	// NoiseUndone are the keys of the learned noise items the owner
	// undid (change.NoiseItem.Key): never learned again.
	NoiseUndone []string `json:"noise_undone,omitempty"`
	Threshold   string   `json:"threshold,omitempty"`
	Frequency   string   `json:"frequency,omitempty"`
	Conditions  []string `json:"conditions"`
}
