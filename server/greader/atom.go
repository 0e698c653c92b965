package greader

import (
	"encoding/xml"
	"net/http"
	"time"

	"vigil"
)

// atomFeed is the Atom document of a stream, as /reader/atom/ served it
// for Google Reader clients; newsboat's "feedhq" mode reads feeds this way.
type atomFeed struct {
	XMLName xml.Name    `xml:"http://www.w3.org/2005/Atom feed"`
	ID      string      `xml:"id"`
	Title   string      `xml:"title"`
	Updated string      `xml:"updated"`
	Entries []atomEntry `xml:"entry"`
}

// atomEntry is one item in the Atom document.
type atomEntry struct {
	ID         string         `xml:"id"`
	Title      atomText       `xml:"title"`
	Published  string         `xml:"published"`
	Updated    string         `xml:"updated"`
	Link       *atomLink      `xml:"link,omitempty"`
	Author     *atomAuthor    `xml:"author,omitempty"`
	Categories []atomCategory `xml:"category"`
	Content    atomText       `xml:"content"`
}

// atomText is text or HTML.
type atomText struct {
	Type string `xml:"type,attr"`
	Text string `xml:",chardata"`
}

// atomLink is an entry's link.
type atomLink struct {
	Rel  string `xml:"rel,attr"`
	Href string `xml:"href,attr"`
}

// atomAuthor is an entry's author.
type atomAuthor struct {
	Name string `xml:"name"`
}

// atomCategory is a state or label of an entry, with Google's scheme.
type atomCategory struct {
	Term   string `xml:"term,attr"`
	Scheme string `xml:"scheme,attr"`
	Label  string `xml:"label,attr,omitempty"`
}

// atom serves a stream as an Atom feed, with the n, ot, nt, xt, it, c and
// r parameters of stream/contents.
func (h *Handler) atom(w http.ResponseWriter, r *http.Request, u *vigil.User, _ string) error {
	stream := r.PathValue("stream")
	q, err := h.streamQuery(r.Context(), u, stream, r.URL.Query())
	if err != nil {
		return err
	}
	entries, err := h.st.StreamEntries(r.Context(), q)
	if err != nil {
		return err
	}
	h.noteRead(r.Context(), q)
	items, err := h.render(r.Context(), u, entryIDs(entries))
	if err != nil {
		return err
	}
	doc := atomFeed{ID: "tag:google.com,2005:reader/" + stream, Title: h.streamTitle(r, u, stream), Updated: stamp(h.cfg.Now().Unix())}
	for _, it := range items {
		doc.Entries = append(doc.Entries, atomEntryOf(it))
	}
	w.Header().Set("Content-Type", "application/atom+xml; charset=utf-8")
	w.Write([]byte(xml.Header))
	return xml.NewEncoder(w).Encode(doc)
}

// streamTitle names a stream: a feed by the user's title for it.
func (h *Handler) streamTitle(r *http.Request, u *vigil.User, stream string) string {
	if sub, err := h.subscriptionFor(r.Context(), u, stream); err == nil {
		return title(*sub)
	}
	return stream
}

// atomEntryOf turns an item of the JSON form into an Atom entry.
func atomEntryOf(it itemJSON) atomEntry {
	e := atomEntry{
		ID:        it.ID,
		Title:     atomText{Type: "text", Text: it.Title},
		Published: stamp(it.Published),
		Updated:   stamp(it.Updated),
		Content:   atomText{Type: "html", Text: it.Summary.Content},
	}
	if len(it.Alternate) > 0 {
		e.Link = &atomLink{Rel: "alternate", Href: it.Alternate[0].Href}
	}
	if it.Author != "" {
		e.Author = &atomAuthor{Name: it.Author}
	}
	for _, c := range it.Categories {
		e.Categories = append(e.Categories, atomCategory{Term: c, Scheme: "http://www.google.com/reader/"})
	}
	return e
}

// stamp formats Unix seconds as an Atom date.
func stamp(secs int64) string {
	return time.Unix(secs, 0).UTC().Format(time.RFC3339)
}
