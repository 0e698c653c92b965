package vigil

import (
	"encoding/json"
	"time"
)

// Page is a feed row watched as a web page rather than parsed as a feed:
// one fetch still serves every follower, and the planner, budget,
// politeness and backoff of feeds apply unchanged (Glance et al. §2).
type Page struct {
	FeedID int64 `json:"feed_id"`
	// Kinds are the kinds of change monitored ("text", "links", "images"),
	// chosen by the page's first follower (Glance et al. §3.1.2).
	Kinds []string `json:"kinds"`
	// OwnerID is the follower who may change Kinds: the earliest follower
	// still following, so the right passes on when that follower leaves.
	OwnerID int64 `json:"owner_id"`
	// Selector is a CSS selector of the watched region, "" for the whole
	// page (beyond Glance et al., as changedetection.io users rely on);
	// set by the owner like Kinds.
	Selector string `json:"selector,omitempty"`
	// Ignore are regular expressions: text lines matching one are left
	// out of the measures (a visitor counter); set by the owner.
	Ignore []string `json:"ignore"`
	// Returns is how many of the page's last distinct states, the
	// previous one included, a new version is compared with: a version
	// showing one of them again is recorded as a return, not told as new.
	// 0 means the default (2: the state before the previous one); 1 tells
	// no returns. Set by the owner.
	Returns int `json:"returns"`
	// PageReading is how the page is fetched and read beyond the selector:
	// through a browser, with an XPath or a jq program; set by the owner.
	PageReading
	// Noise is the learned noise statistics (the change package's
	// NoiseStats as JSON): blocks that change at nearly every fetch.
	Noise json.RawMessage `json:"-"`
	// NoiseForgotten are the keys of learned noise items the owner undid
	// (the change package's NoiseItem.Key): never learned again.
	NoiseForgotten []string `json:"noise_forgotten"`
	// ContentType is the media type of the last version.
	ContentType string `json:"content_type,omitempty"`
	// Note says what vigil could not do with the page, in words, e.g.
	// "not HTML (application/pdf): only byte-level changes are reported".
	Note string `json:"note,omitempty"`
	// Versions counts stored versions and StoredBytes their compressed
	// bytes (shared contents counted once).
	Versions    int   `json:"versions"`
	StoredBytes int64 `json:"stored_bytes"`
	// DuplicateOf is another page with the same content, when detected.
	DuplicateOf int64 `json:"duplicate_of,omitempty"`
}

// PageReading is how a page is fetched and what of it is read, beyond the
// CSS selector: the owner's settings.
type PageReading struct {
	// Render fetches the page through a headless browser and watches the
	// document its scripts leave (the DOM after the network goes idle or
	// WaitFor appears), not the bytes the server sent.
	Render bool `json:"render"`
	// WaitFor is a CSS selector a rendered page waits for before it is
	// read ("" waits for the network to go idle).
	WaitFor string `json:"wait_for,omitempty"`
	// XPath is an XPath 1.0 expression of the watched nodes, "" for none.
	XPath string `json:"xpath,omitempty"`
	// JQ is a jq program whose results are watched in a JSON document, ""
	// for the whole document.
	JQ string `json:"jq,omitempty"`
}

// Condition is a follower's trigger on a page (the change package's
// Condition: its Kind is appears, disappears, above, below or
// changes-by): the follower is told of a change only when one of their
// conditions is met.
type Condition struct {
	Kind     string  `json:"kind"`
	Text     string  `json:"text,omitempty"`
	Selector string  `json:"selector,omitempty"`
	Value    float64 `json:"value,omitempty"`
}

// PageVersion is one stored version of a page: a fetch whose body differed
// from the previous version's, byte for byte.
type PageVersion struct {
	ID          int64     `json:"id"`
	FeedID      int64     `json:"feed_id"`
	At          time.Time `json:"at"`
	Hash        string    `json:"hash"` // SHA-256 of the body, hex
	Size        int64     `json:"size"` // body bytes before compression
	ContentType string    `json:"content_type,omitempty"`
	// Body is the page as fetched; only filled when asked for.
	Body []byte `json:"-"`
	// Extract is the change package's extraction (text, tokens, links,
	// images) as JSON; only filled when asked for.
	Extract json.RawMessage `json:"-"`
}

// PageChange is a detected change between two versions of a page, with
// the agent's measurement of it and the followers' evaluations.
type PageChange struct {
	ID     int64     `json:"id"`
	FeedID int64     `json:"feed_id"`
	URL    string    `json:"url"`
	Title  string    `json:"title,omitempty"`
	At     time.Time `json:"at"`
	// Group is the group that sees the change: daily (every change the
	// agent detects), weekly or monthly (between the group's reference
	// versions, Glance et al. §3.1.1).
	Group     string `json:"group"`
	VersionID int64  `json:"version_id"`
	PrevID    int64  `json:"previous_version_id"`
	// Extents are the change extents as the change package encodes them
	// (any, text, tokens, phrases, links, images, counts, severity, summary).
	Extents json.RawMessage `json:"extents"`
	// Severity and Summary repeat the agent's words from Extents.
	Severity string `json:"severity"`
	Summary  string `json:"summary"`
	// Evaluations are the followers' ratings, oldest first.
	Evaluations []Evaluation `json:"evaluations"`
	// Withheld are the followers whose conditions the change did not
	// meet, when it was detected: they are not told of it.
	Withheld []int64 `json:"-"`
}

// Evaluation is one follower's rating of a change.
type Evaluation struct {
	ChangeID int64     `json:"change_id"`
	UserID   int64     `json:"user_id"`
	UserName string    `json:"user"`
	Rating   string    `json:"rating"` // negligible, significant or important
	Comment  string    `json:"comment,omitempty"`
	At       time.Time `json:"at"`
}

// PageFollow is one user's settings for a page they follow.
type PageFollow struct {
	UserID int64 `json:"user_id"`
	FeedID int64 `json:"feed_id"`
	// Threshold is the least combined evaluation the user is told of once
	// someone else has evaluated a change (Glance et al. §3.1.3).
	Threshold string `json:"threshold"`
	// Frequency is the user's group: daily, weekly or monthly reference
	// versions (Glance et al. §3.1.1).
	Frequency string `json:"frequency"`
	// Seen is the last change the user looked at in the Updates folder.
	Seen int64 `json:"seen_change_id"`
	// Conditions are the user's triggers: with any, the user is told only
	// of the changes that meet one of them (in the outbox, the digest and
	// the Updates folder); with none, of every change their threshold lets
	// through.
	Conditions []Condition `json:"conditions"`
}

// DigestSettings are how a user hears of the day's page changes: one
// e-mail a day to Email unless Off, and a JSON POST to Webhook when set.
type DigestSettings struct {
	UserID  int64  `json:"user_id"`
	Name    string `json:"name"`
	Email   string `json:"email"`
	Off     bool   `json:"off"`
	Webhook string `json:"webhook,omitempty"`
}
