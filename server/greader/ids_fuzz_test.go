package greader

import (
	"net/url"
	"strconv"
	"testing"

	"vigil"
)

// FuzzItemID reads arbitrary item IDs: an ID that is accepted is
// positive and reads back the same from both forms the API writes (the
// long decimal and the tagged hex), and one that is refused is refused as
// invalid input, never as an internal error.
func FuzzItemID(f *testing.F) {
	for _, s := range []string{
		"12345", "tag:google.com,2005:reader/item/0000000000003039", "0000000000003039", "000000000000001a",
		"tag:google.com,2005:reader/item/ffffffffffffffff", "-1", "0", " 42 ", "9223372036854775808",
		"tag:google.com,2005:reader/item/", "1234567890123456", "tag:google.com,2005:reader/item/+000000000000001",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		id, err := parseItemID(s)
		if err != nil {
			if vigil.ErrorCode(err) != vigil.EINVALID {
				t.Fatalf("parseItemID(%q): %v is not invalid input", s, err)
			}
			return
		}
		if id <= 0 {
			t.Fatalf("parseItemID(%q) = %d, not a positive ID", s, id)
		}
		for _, form := range []string{hexItemID(id), strconv.FormatInt(id, 10)} {
			if back, err := parseItemID(form); err != nil || back != id {
				t.Fatalf("parseItemID(%q) = %d; its form %q reads back %d, %v", s, id, form, back, err)
			}
		}
	})
}

// FuzzStreamParams reads arbitrary stream listing parameters (n, ot, nt,
// xt, it, r, c): refusals are invalid input, a page size stays within
// 1..maxN, and a continuation that is accepted is written back, by the
// form continuation writes, to one that reads the same.
func FuzzStreamParams(f *testing.F) {
	for _, q := range []string{
		"n=1000&xt=user/-/state/com.google/read&output=json",
		"s=user/-/state/com.google/reading-list&n=50&r=o&ot=1741900000",
		"it=user/-/state/com.google/starred&nt=1741953600&c=1741950000000000000_17",
		"xt=user/1/state/com.google/read&c=-5_-6&n=0", "n=99999999999999999999", "ot=-1", "c=_", "c=1_2_3", "r=x",
	} {
		f.Add(q)
	}
	u := &vigil.User{ID: 1, Name: "fuzz"}
	f.Fuzz(func(t *testing.T, raw string) {
		form, err := url.ParseQuery(raw)
		if err != nil {
			return
		}
		q := vigil.StreamQuery{UserID: u.ID}
		for _, step := range []func(*vigil.StreamQuery, *vigil.User, url.Values) error{parseN, parseTimes, parseFilters, parseOrder, parseContinuation} {
			if err := step(&q, u, form); err != nil {
				if vigil.ErrorCode(err) != vigil.EINVALID {
					t.Fatalf("%q: %v is not invalid input", raw, err)
				}
				return
			}
		}
		if q.Limit < 1 || q.Limit > maxN {
			t.Fatalf("%q: page size %d outside 1..%d", raw, q.Limit, maxN)
		}
		if q.After == nil {
			return
		}
		c := continuation([]vigil.StreamEntry{{ID: q.After.ID, At: q.After.At}}, 1)
		var back vigil.StreamQuery
		if err := parseContinuation(&back, u, url.Values{"c": {c}}); err != nil || *back.After != *q.After {
			t.Fatalf("%q: continuation %+v written as %q reads back %+v, %v", raw, *q.After, c, back.After, err)
		}
	})
}
