package feed

import (
	"net/url"
	"strings"

	"github.com/mmcdole/gofeed"
	ext "github.com/mmcdole/gofeed/extensions"
	"github.com/mmcdole/gofeed/rss"

	"vigil"
)

// normalise turns gofeed's format-neutral feed into vigil's Feed.
func normalise(gf *gofeed.Feed, opts Options, recovered bool) *Feed {
	f := &Feed{
		Format:      gf.FeedType,
		Title:       plainTitle(fixC1(gf.Title)),
		SiteURL:     webLink(opts.BaseURL, gf.Link),
		Description: fixC1(feedDescription(gf)),
		Language:    normaliseLanguage(gf.Language),
		Hints:       feedHints(gf),
		Recovered:   recovered,
		Items:       make([]vigil.Item, 0, len(gf.Items)),
	}
	base := linkBase(f.SiteURL, opts.BaseURL)
	rf, _ := gf.OriginalFeed().(*rss.Feed)
	for i, gi := range gf.Items {
		if gi == nil {
			continue
		}
		f.Items = append(f.Items, normaliseItem(gi, base, rf, i))
	}
	return f
}

// feedDescription returns the feed's description, or its iTunes subtitle
// or summary when it has none.
func feedDescription(gf *gofeed.Feed) string {
	if gf.Description != "" || gf.ITunesExt == nil {
		return gf.Description
	}
	if gf.ITunesExt.Subtitle != "" {
		return gf.ITunesExt.Subtitle
	}
	return gf.ITunesExt.Summary
}

// normaliseItem turns one gofeed item into a vigil item with its key and
// content hash; relative links are resolved against base, and only
// http(s) links are kept as the item's URL. gi is item i of the feed, and
// rf the feed as RSS (nil for another format): an RSS item without a link
// whose guid is its permalink takes the guid as its URL. The title is
// made plain text and the relative URLs in the summary and content are
// resolved (see contentBase); the key is taken before these changes, so
// that it does not depend on the URL the feed was fetched from.
func normaliseItem(gi *gofeed.Item, base string, rf *rss.Feed, i int) vigil.Item {
	link := resolveLink(base, itemLink(gi))
	it := vigil.Item{
		URL:       webLink(base, link),
		Title:     fixC1(strings.TrimSpace(orElse(gi.Title, mediaText(gi.Extensions, "title")))),
		Author:    fixC1(itemAuthor(gi)),
		Summary:   fixC1(orElse(gi.Description, mediaText(gi.Extensions, "description"))),
		Content:   fixC1(gi.Content),
		Published: itemTime(gi.PublishedParsed, gi.Published),
		Updated:   itemTime(gi.UpdatedParsed, gi.Updated),
	}
	it.Key = itemKey(gi.GUID, link, &it)
	if it.URL == "" && permalinkGUID(rf, i) {
		it.URL = it.Key
	}
	it.Title = plainTitle(it.Title)
	cbase := contentBase(it.URL, base)
	it.Summary = absoluteURLs(it.Summary, cbase)
	it.Content = absoluteURLs(it.Content, cbase)
	it.Hash = itemHash(&it)
	return it
}

// contentBase returns the base for the relative URLs in an item's HTML:
// its own link when it has one, else base (the feed's link, else the URL
// it was fetched from). gofeed has already resolved the URLs of Atom
// content against any xml:base in scope; it does not expose xml:base.
func contentBase(itemURL, base string) string {
	if itemURL != "" {
		return itemURL
	}
	return base
}

// permalinkGUID reports whether RSS item i has a guid that is its
// permalink: isPermaLink not "false" and an absolute http(s) URL.
func permalinkGUID(rf *rss.Feed, i int) bool {
	if rf == nil || i >= len(rf.Items) || rf.Items[i] == nil || rf.Items[i].GUID == nil {
		return false
	}
	g := rf.Items[i].GUID
	if strings.EqualFold(strings.TrimSpace(g.IsPermalink), "false") {
		return false
	}
	u, err := url.Parse(strings.TrimSpace(g.Value))
	return err == nil && (u.Scheme == "http" || u.Scheme == "https") && u.Host != ""
}

// mediaText returns the text of a Media RSS element (media:title,
// media:description) of an item, directly or inside media:group.
func mediaText(exts ext.Extensions, name string) string {
	media := exts["media"]
	if v := firstExtValue(media, name); v != "" {
		return v
	}
	for _, group := range media["group"] {
		if v := firstExtValue(group.Children, name); v != "" {
			return v
		}
	}
	return ""
}

// orElse returns s, or fallback when s is empty.
func orElse(s, fallback string) string {
	if s != "" {
		return s
	}
	return fallback
}

// itemLink returns the item's link, or its first link when gofeed kept
// several but chose none.
func itemLink(gi *gofeed.Item) string {
	if gi.Link != "" || len(gi.Links) == 0 {
		return gi.Link
	}
	return gi.Links[0]
}

// itemAuthor returns the name of the item's first author, or its e-mail
// address when it has no name.
func itemAuthor(gi *gofeed.Item) string {
	for _, p := range gi.Authors {
		if p == nil {
			continue
		}
		if name := strings.TrimSpace(p.Name); name != "" {
			return name
		}
		if email := strings.TrimSpace(p.Email); email != "" {
			return email
		}
	}
	return ""
}
