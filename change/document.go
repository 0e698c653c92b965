package change

// Document is one version of a watched page as the change measures see it:
// what Extract keeps of the bytes fetched.
type Document struct {
	// Type is what the body is: TypeHTML, TypeText, TypePDF, TypeImage or
	// TypeOther. Only HTML and plain text have extents beyond "any".
	Type string
	// ContentType is the media type the body was read as.
	ContentType string
	// Size is the body's length in bytes.
	Size int
	// Digest is the byte-level fingerprint (SHA-256, hex) of what is
	// watched: the whole body when no selector, ignore rule or noise block
	// applies, otherwise the watched lines' HTML after those are removed.
	Digest string
	// Visible fingerprints what a reader sees of the watched region: its
	// watched text lines in order, its links and its images (see
	// VisibleDigest). Two versions with the same Visible differ only in
	// markup, scripts, whitespace or unwatched lines: no change to tell.
	// Empty for a document that is not HTML or text. On a Capped document
	// it fingerprints the whole body's bytes too (see cutVisible).
	Visible string
	// Title is the text of the HTML head's title element.
	Title string
	// HeadDigest fingerprints the HTML head: its title and its meta, link
	// and base elements (scripts and styles left out). A change of it is
	// "HTML header updated".
	HeadDigest string
	// Text is the watched text, tags removed, one line per text block;
	// ignored and noise lines are left out.
	Text string
	// Words is the inverted index of Text: each lower-cased word and its
	// number of occurrences (stop words kept, nothing stemmed).
	Words map[string]int
	// Tokens counts the stems of Text's words, stop words removed (package
	// text's Analyzer).
	Tokens map[string]int
	// Phrases counts the lexical affinities of Text, pairs of stems close
	// to each other (package text), vigil's stand-in for noun phrases.
	Phrases map[string]int
	// Links are the distinct link targets (a and area href), resolved
	// against the base URL when one is given, sorted.
	Links []string
	// Images are the distinct image sources (img src), resolved likewise,
	// sorted.
	Images []string
	// Lines are the watched region with tags and text on separate lines,
	// scripts and styles left out: the input of the diff view.
	Lines []Line
	// Capped is set when the page holds more than Extract keeps
	// (ExtractOptions.MaxKept, DefaultMaxWords): Lines, Text and the
	// measures then cover the page up to that point only, and Digest is of
	// the whole body, so a change past it is still seen, at the byte
	// level (Extents.Cut).
	Capped bool `json:",omitempty"`
	// Compared is, on a capped document, how many bytes of the page its
	// lines cover (0 when the reader cannot tell, as under a selector).
	Compared int `json:",omitempty"`
	// Watch is what the document was extracted with (the zero Watch: the
	// whole page). Two documents measure a change faithfully only when
	// their Watch keys are the same.
	Watch Watch
}

// The document types Extract reports.
const (
	TypeHTML  = "html"
	TypeText  = "text"
	TypePDF   = "pdf"
	TypeImage = "image"
	TypeOther = "other"
)

// Measurable reports whether the document has extents beyond a byte-level
// comparison (HTML and plain text do; PDF, images and other types do not).
func (d *Document) Measurable() bool {
	return d.Type == TypeHTML || d.Type == TypeText
}

// LineKind tells a tag line from a text line.
type LineKind uint8

// The kinds of Line.
const (
	// StartTag is an element's start tag (or a void element).
	StartTag LineKind = iota + 1
	// EndTag is an element's end tag.
	EndTag
	// TextLine is a run of text between tags.
	TextLine
)

// Line is one line of the diff input: a tag or a run of text.
type Line struct {
	// HTML is the line as HTML: the tag, or the escaped text.
	HTML string
	// Text is the text of a TextLine, whitespace collapsed.
	Text string `json:",omitempty"`
	// Block names the element a text line sits in by its path of tag
	// names, ids and classes, numbered among blocks of the same path
	// ("body/div#main/p.price:0"); noise learning counts changes per block.
	Block string `json:",omitempty"`
	// Kind says whether the line is a tag or text.
	Kind LineKind
	// Ignored is set on a text line matched by an ignore rule.
	Ignored bool `json:",omitempty"`
	// Noise is set on a text line of a block learned to be noise, or of
	// a block showing one of the values it was learned to alternate among.
	Noise bool `json:",omitempty"`
	// Numbers is set on a text line of a block whose numbers, dates and
	// times were learned to be noise: they are left out of its watched
	// text (maskNumbers), its other words count.
	Numbers bool `json:",omitempty"`
}

// watched reports whether the line counts in the change measures.
func (l *Line) watched() bool {
	return !l.Ignored && !l.Noise
}
