package store

import (
	"math"
	"strings"
	"testing"
	"time"

	"vigil"
)

func TestChecks(t *testing.T) {
	now := time.Date(2025, 3, 1, 12, 0, 0, 0, time.UTC)
	tests := []struct {
		name string
		err  error
		want string // error code, "" for none
	}{
		{"follow", CheckFollow("feed", "https://example.org/", 1, now), ""},
		{"follow without URL", CheckFollow("feed", " ", 1, now), vigil.EINVALID},
		{"follow with zero weight", CheckFollow("page", "https://example.org/", 0, now), vigil.EINVALID},
		{"follow with NaN weight", CheckFollow("page", "https://example.org/", math.NaN(), now), vigil.EINVALID},
		{"follow with infinite weight", CheckFollow("page", "https://example.org/", math.Inf(1), now), vigil.EINVALID},
		{"follow at no time", CheckFollow("feed", "https://example.org/", 1, time.Time{}), vigil.EINVALID},
		{"move", CheckMove(1, "https://example.org/new", now), ""},
		{"move to no URL", CheckMove(1, "", now), vigil.EINVALID},
		{"move at no time", CheckMove(1, "https://example.org/new", time.Time{}), vigil.EINVALID},
		{"session", CheckSession("hash", now), ""},
		{"session without hash", CheckSession("", now), vigil.EINVALID},
		{"session without expiry", CheckSession("hash", time.Time{}), vigil.EINVALID},
		{"access", CheckAccess(now), ""},
		{"access at no time", CheckAccess(time.Time{}), vigil.EINVALID},
		{"opened", CheckOpened(1, now), ""},
		{"opened at no time", CheckOpened(1, time.Time{}), vigil.EINVALID},
		{"notice", CheckNotice("moved"), ""},
		{"empty notice", CheckNotice(""), vigil.EINVALID},
		{"user", CheckNewUser(&vigil.User{Name: "ann"}), ""},
		{"user without name", CheckNewUser(&vigil.User{Name: "  "}), vigil.EINVALID},
		{"user with bad interests", CheckNewUser(&vigil.User{Name: "ann", Interests: "\xff"}), vigil.EINVALID},
		{"interests at the limit", CheckInterests(strings.Repeat("é", MaxInterestsLength)), ""},
		{"interests over the limit", CheckInterests(strings.Repeat("a", MaxInterestsLength+1)), vigil.EINVALID},
		{"interests with NUL", CheckInterests("a\x00b"), vigil.EINVALID},
		{"page follow", CheckPageFollow(vigil.PageFollow{Threshold: "significant", Frequency: "weekly"}), ""},
		{"page follow, unknown threshold", CheckPageFollow(vigil.PageFollow{Threshold: "big", Frequency: "weekly"}), vigil.EINVALID},
		{"page follow, unknown frequency", CheckPageFollow(vigil.PageFollow{Threshold: "important", Frequency: "hourly"}), vigil.EINVALID},
		{"weekly group", CheckChangeGroup("weekly"), ""},
		{"daily group", CheckChangeGroup("daily"), vigil.EINVALID},
		{"item query", CheckItemQuery(vigil.ItemQuery{Limit: 10, Offset: 5}), ""},
		{"item query with negative offset", CheckItemQuery(vigil.ItemQuery{Offset: -1}), vigil.EINVALID},
		{"item IDs at the limit", CheckItemIDs(make([]int64, MaxItemsByID)), ""},
		{"item IDs over the limit", CheckItemIDs(make([]int64, MaxItemsByID+1)), vigil.EINVALID},
	}
	for _, tt := range tests {
		if got := vigil.ErrorCode(tt.err); got != tt.want {
			t.Errorf("%s: error %v, want code %q", tt.name, tt.err, tt.want)
		}
	}
}

func TestSubscriptionTitle(t *testing.T) {
	tests := []struct {
		in, want string
		code     string
	}{
		{"  My feed ", "My feed", ""},
		{strings.Repeat("a", MaxTitleLength), strings.Repeat("a", MaxTitleLength), ""},
		{strings.Repeat("a", MaxTitleLength+1), "", vigil.EINVALID},
	}
	for _, tt := range tests {
		got, err := SubscriptionTitle(tt.in)
		if got != tt.want || vigil.ErrorCode(err) != tt.code {
			t.Errorf("SubscriptionTitle(%.20q) = %.20q, %v; want %.20q, code %q", tt.in, got, err, tt.want, tt.code)
		}
	}
}

func TestCleanDigestSettings(t *testing.T) {
	tests := []struct {
		in        vigil.DigestSettings
		wantEmail string
		code      string
	}{
		{vigil.DigestSettings{Email: " ann@example.org ", Webhook: " https://example.org/hook"}, "ann@example.org", ""},
		{vigil.DigestSettings{}, "", ""},
		{vigil.DigestSettings{Email: "Ann <ann@example.org>"}, "", vigil.EINVALID},
		{vigil.DigestSettings{Webhook: "ftp://example.org/"}, "", vigil.EINVALID},
	}
	for _, tt := range tests {
		got, err := CleanDigestSettings(tt.in)
		if vigil.ErrorCode(err) != tt.code || err == nil && got.Email != tt.wantEmail {
			t.Errorf("CleanDigestSettings(%+v) = %+v, %v; want e-mail %q, code %q", tt.in, got, err, tt.wantEmail, tt.code)
		}
	}
}
