package profiler

import (
	"cmp"
	"context"
	"fmt"
	"math"
	"slices"
	"strings"

	"vigil"
	"vigil/profile"
)

// Sizes of a reader's profile and of what is ranked for them.
const (
	// interestLimit is how many of the items a reader opened or starred,
	// most recent first, their profile learns from.
	interestLimit = 200
	// unreadLimit is how many of the reader's unread items, newest first,
	// are ranked.
	unreadLimit = 500
	// interestsWeight is how many items the interests text weighs like.
	interestsWeight = 5
	// maxInterestsRepeat bounds how often the interests text is counted.
	maxInterestsRepeat = 1000
)

// Reasons given when there is nothing to recommend.
const (
	reasonNoSignal = "vigil does not know your interests yet: open or star items you like, " +
		"or describe your interests, and it will suggest items and channels like them."
	reasonNoKnownTerms = "None of the words of the items you opened or starred, or of your interests, " +
		"occur in the channels vigil has profiled so far."
	reasonNothingLike   = "No unread item and no channel you do not follow resembles what you read yet."
	reasonNoItemLike    = "No unread item resembles what you read yet."
	reasonNoUnread      = "You have no unread item."
	reasonNoChannelLike = "No channel you do not follow resembles what you read yet."
	reasonNoneAsked     = "None were asked for."
)

// ScoredItem is a recommended item and its cosine with the reader's
// profile.
type ScoredItem struct {
	Item  vigil.Item `json:"item"`
	Score float64    `json:"score"`
}

// Recommendations are what a reader is suggested, best first.
type Recommendations struct {
	Items    []ScoredItem `json:"items"`
	Channels []ScoredFeed `json:"channels"`
	// Reason says why a list is empty, whenever one is: why there is
	// nothing to suggest when both are, else the empty list's own reason.
	Reason string `json:"reason,omitempty"`
	// ItemsReason says why Items is empty, whenever it is.
	ItemsReason string `json:"items_reason,omitempty"`
	// ChannelsReason says why Channels is empty, whenever it is.
	ChannelsReason string `json:"channels_reason,omitempty"`
}

// Recommend suggests to u up to items of their unread items and up to
// channels channels they do not follow, each ranked by cosine with the
// reader's profile (Roitman et al. §2: channels found by profile; Sia et
// al. §2: readers' interests). The reader's profile is the normalised sum
// of the tf-idf vectors of the items the reader opened or starred (the
// latest 200, each analysed in its feed's language; longer items weigh
// more, as they say more) and of u.Interests analysed as a query
// (SearchChannels), counted as many times as makes its length five times
// the mean length of those items' vectors, so that it weighs like five
// items (once when there are none). Only items scoring above 0 are
// suggested, and never those that taught the profile. Items come back as
// stored, not sanitised. With no opened or starred item and no interests,
// or nothing to suggest, the lists are empty and Reason says why; each
// empty list has its own reason too (ItemsReason, ChannelsReason), and
// Reason gives it when only one list is empty.
func (p *Profiler) Recommend(ctx context.Context, u *vigil.User, items, channels int) (*Recommendations, error) {
	if items < 0 || channels < 0 {
		return nil, vigil.Errorf(vigil.EINVALID, "numbers of items (%d) and channels (%d) to recommend must not be negative", items, channels)
	}
	out := &Recommendations{Items: []ScoredItem{}, Channels: []ScoredFeed{}}
	taught, err := p.st.InterestItems(ctx, u.ID, interestLimit)
	if err != nil {
		return nil, fmt.Errorf("profiler: unable to read what user %d opened or starred: %w", u.ID, err)
	}
	if len(taught) == 0 && strings.TrimSpace(u.Interests) == "" {
		out.explain(reasonNoSignal, items, channels)
		return out, nil
	}
	unread, followed, err := p.candidates(ctx, u.ID, taught)
	if err != nil {
		return nil, err
	}
	r, err := p.reader(ctx, taught, u.Interests, unread)
	if err != nil {
		return nil, err
	}
	if r.vector.Len() == 0 {
		out.explain(reasonNoKnownTerms, items, channels)
		return out, nil
	}
	out.Items = rankItems(r, unread, items)
	p.mu.RLock()
	hits := p.index.Search(r.vector, 4*channels, func(id int64) bool { return followed[id] })
	p.mu.RUnlock()
	if out.Channels, err = p.Describe(ctx, hits, func(id int64) bool { return followed[id] }); err != nil {
		return nil, err
	}
	if len(out.Channels) > channels {
		out.Channels = out.Channels[:channels]
	}
	out.explainEmpty(len(unread), items, channels)
	return out, nil
}

// explain gives one reason for both lists being empty, unless none of a
// list was asked for.
func (rec *Recommendations) explain(why string, items, channels int) {
	rec.Reason = why
	rec.ItemsReason, rec.ChannelsReason = why, why
	if items == 0 {
		rec.ItemsReason = reasonNoneAsked
	}
	if channels == 0 {
		rec.ChannelsReason = reasonNoneAsked
	}
}

// explainEmpty says why each list that came out empty is, knowing how
// many unread items there were to rank and how many of each were asked
// for.
func (rec *Recommendations) explainEmpty(unread, items, channels int) {
	switch {
	case len(rec.Items) > 0:
	case items == 0:
		rec.ItemsReason = reasonNoneAsked
	case unread == 0:
		rec.ItemsReason = reasonNoUnread
	default:
		rec.ItemsReason = reasonNoItemLike
	}
	switch {
	case len(rec.Channels) > 0:
	case channels == 0:
		rec.ChannelsReason = reasonNoneAsked
	default:
		rec.ChannelsReason = reasonNoChannelLike
	}
	switch {
	case len(rec.Items) == 0 && len(rec.Channels) == 0:
		rec.Reason = reasonNothingLike
	case len(rec.Items) == 0:
		rec.Reason = rec.ItemsReason
	case len(rec.Channels) == 0:
		rec.Reason = rec.ChannelsReason
	}
}

// candidates returns the reader's unread items that did not teach their
// profile, and the feeds they follow.
func (p *Profiler) candidates(ctx context.Context, userID int64, taught []vigil.Item) ([]vigil.Item, map[int64]bool, error) {
	unread, err := p.st.Items(ctx, vigil.ItemQuery{UserID: userID, UnreadOnly: true, Limit: unreadLimit})
	if err != nil {
		return nil, nil, fmt.Errorf("profiler: unable to list the unread items of user %d: %w", userID, err)
	}
	teaching := make(map[int64]bool, len(taught))
	for _, it := range taught {
		teaching[it.ID] = true
	}
	unread = slices.DeleteFunc(unread, func(it vigil.Item) bool { return teaching[it.ID] })
	subs, err := p.st.Subscriptions(ctx, userID)
	if err != nil {
		return nil, nil, fmt.Errorf("profiler: unable to list the subscriptions of user %d: %w", userID, err)
	}
	followed := make(map[int64]bool, len(subs))
	for _, s := range subs {
		followed[s.Feed.ID] = true
	}
	return unread, followed, nil
}

// readerView is a reader's profile and the vectors of their unread items,
// weighed with the same idf.
type readerView struct {
	vector profile.Vector
	unread []profile.Vector
}

// reader analyses what the reader taught and their unread items, and
// weighs them under one read lock.
func (p *Profiler) reader(ctx context.Context, taught []vigil.Item, interests string, unread []vigil.Item) (readerView, error) {
	an := p.pool.get()
	defer p.pool.put(an)
	taughtTerms, err := p.itemTerms(ctx, an, taught)
	if err != nil {
		return readerView{}, err
	}
	unreadTerms, err := p.itemTerms(ctx, an, unread)
	if err != nil {
		return readerView{}, err
	}
	text := an.query(interests)
	p.mu.RLock()
	defer p.mu.RUnlock()
	v := readerView{vector: readerVector(p.corpus, taughtTerms, text), unread: make([]profile.Vector, len(unread))}
	for i, terms := range unreadTerms {
		v.unread[i] = profile.QueryVector(p.corpus, terms)
	}
	return v, nil
}

// itemTerms analyses items, each in its feed's language.
func (p *Profiler) itemTerms(ctx context.Context, an analyzers, items []vigil.Item) ([][]string, error) {
	out := make([][]string, len(items))
	for i := range items {
		lang, err := p.langs.of(ctx, p.st, items[i].FeedID)
		if err != nil {
			return nil, fmt.Errorf("profiler: unable to read the language of feed %d: %w", items[i].FeedID, err)
		}
		out[i] = an.item(lang, &items[i])
	}
	return out, nil
}

// readerVector returns the normalised sum of the tf-idf vectors of docs
// and of text counted r times, r chosen so that its vector is
// interestsWeight times as long as the mean of the docs' (1 when no doc
// has a weighted term; at most maxInterestsRepeat). QueryVector weighs
// counts linearly, so the sum is the QueryVector of all the terms at once.
func readerVector(c *profile.Corpus, docs [][]string, text []string) profile.Vector {
	var all []string
	var sum float64
	var weighed int
	for _, d := range docs {
		if n := profile.QueryVector(c, d).Norm(); n > 0 {
			sum += n
			weighed++
		}
		all = append(all, d...)
	}
	if tn := profile.QueryVector(c, text).Norm(); tn > 0 {
		r := 1
		if weighed > 0 {
			r = int(math.Round(interestsWeight * sum / float64(weighed) / tn))
			r = min(max(r, 1), maxInterestsRepeat)
		}
		for range r {
			all = append(all, text...)
		}
	}
	return profile.QueryVector(c, all).Normalized()
}

// rankItems returns up to n of the unread items scoring above 0 against
// the reader's profile, best first, equal scores in listing order (newest
// first).
func rankItems(r readerView, unread []vigil.Item, n int) []ScoredItem {
	out := []ScoredItem{}
	for i, it := range unread {
		if s := profile.Cosine(r.vector, r.unread[i]); s > 0 {
			out = append(out, ScoredItem{Item: it, Score: s})
		}
	}
	slices.SortStableFunc(out, func(a, b ScoredItem) int { return cmp.Compare(b.Score, a.Score) })
	return out[:min(n, len(out))]
}
