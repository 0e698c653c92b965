package sqlite

import (
	"context"
	"path/filepath"
	"testing"

	"vigil/store"
)

// TestMigrationToBoundedProfilesStartsProfilesAfresh saves profiles at
// version 7 and checks that the migration empties them and moves the
// profiler's watermark back to the start, so that the profiler folds the
// stored items in again, while the feeds stay.
func TestMigrationToBoundedProfilesStartsProfilesAfresh(t *testing.T) {
	ctx := context.Background()
	path := filepath.Join(t.TempDir(), "vigil.db")
	saved := migrations
	t.Cleanup(func() { migrations = saved })
	migrations = saved[:7]
	db, err := Open(path)
	if err != nil {
		t.Fatal(err)
	}
	fillV6(t, db)
	batch := store.ProfileBatch{Through: 5, Documents: 5, DFDelta: map[string]int64{"zebra": 3, "dog": 5}}
	if err := db.SaveProfiles(ctx, batch); err != nil {
		t.Fatal(err)
	}
	db.Close()

	migrations = saved
	if db, err = Open(path); err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	state, err := store.ReadProfilerState(ctx, db)
	if err != nil {
		t.Fatal(err)
	}
	if state.Through != 0 || state.Documents != 0 || len(state.DF) != 0 || len(state.Channels) != 0 {
		t.Errorf("after the migration: through %d, %d documents, %d terms, %d channels; want none",
			state.Through, state.Documents, len(state.DF), len(state.Channels))
	}
	items, err := db.ItemsAfter(ctx, 0, 10)
	if err != nil || len(items) == 0 {
		t.Errorf("the stored items are gone (%d, %v)", len(items), err)
	}
}
