package export

import (
	"context"
	"reflect"
	"strings"
	"testing"
)

// TestImportNotOwner imports a page another user watched first: the
// importer's own settings apply, the page's are left as the owner set
// them, and a note says so.
func TestImportNotOwner(t *testing.T) {
	ctx := context.Background()
	st, users := newStore(t, "bob", "ann")
	bob, ann := users[0], users[1]
	sub, err := st.FollowPage(ctx, bob.ID, "https://example.com/shop", 1, t0)
	if err != nil {
		t.Fatal(err)
	}
	owners := basePage()
	owners.Selector = "#bob"
	setPage(t, st, bob.ID, sub.Feed.ID, owners)
	mine := basePage()
	mine.Selector, mine.Kinds, mine.Threshold, mine.Frequency, mine.Conditions = "#ann", []string{"links"}, "important", "weekly", []string{"appears:sale"}
	entries := []Entry{{URL: "https://example.com/shop", Page: &mine}}
	res, err := Import(ctx, st, storeFollow(st), ann.ID, entries, nil)
	if err != nil || res.Added != 1 {
		t.Fatalf("Import = %+v, %v", res, err)
	}
	if len(res.Notes) != 1 || !strings.Contains(res.Notes[0], "not applied") {
		t.Errorf("notes %q, want one saying the page's settings were not applied", res.Notes)
	}
	got, err := Collect(ctx, st, ann.ID)
	if err != nil {
		t.Fatal(err)
	}
	want := owners
	want.Threshold, want.Frequency, want.Conditions = mine.Threshold, mine.Frequency, mine.Conditions
	if len(got) != 1 || got[0].Page == nil || !reflect.DeepEqual(*got[0].Page, want) {
		t.Errorf("ann's page is %+v, want %+v", got, want)
	}
}
