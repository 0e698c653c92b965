package feed

import (
	"net/url"
	"strings"
	"time"

	"github.com/mmcdole/gofeed"
	ext "github.com/mmcdole/gofeed/extensions"
	"github.com/mmcdole/gofeed/rss"

	"vigil"
)

// normalise turns gofeed's format-neutral feed into vigil's Feed.
func normalise(gf *gofeed.Feed, opts Options, recovered bool) *Feed {
	f := &Feed{
		Format:      gf.FeedType,
		Title:       fixC1(strings.TrimSpace(gf.Title)),
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
		it := normaliseItem(gi, base)
		if it.URL == "" && permalinkGUID(rf, i) {
			it.URL = it.Key
			it.Hash = itemHash(&it)
		}
		f.Items = append(f.Items, it)
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
// http(s) links are kept as the item's URL.
func normaliseItem(gi *gofeed.Item, base string) vigil.Item {
	link := resolveLink(base, itemLink(gi))
	it := vigil.Item{
		URL:       webLink(base, link),
		Title:     fixC1(strings.TrimSpace(orElse(gi.Title, mediaText(gi.Extensions, "title")))),
		Author:    fixC1(itemAuthor(gi)),
		Summary:   fixC1(orElse(gi.Description, mediaText(gi.Extensions, "description"))),
		Content:   fixC1(gi.Content),
		Published: utc(gi.PublishedParsed),
		Updated:   utc(gi.UpdatedParsed),
	}
	it.Key = itemKey(gi.GUID, link, &it)
	it.Hash = itemHash(&it)
	return it
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

// utc returns t in UTC, or the zero time when t is nil.
func utc(t *time.Time) time.Time {
	if t == nil {
		return time.Time{}
	}
	return t.UTC()
}
