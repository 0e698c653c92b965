package monitor

import (
	"context"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"vigil"
)

// readCounter is the harness's real store, counting the reads of a
// previous version: whole (body and extract) and extract alone.
type readCounter struct {
	Store
	whole, extract atomic.Int32
}

// Version counts a whole read.
func (r *readCounter) Version(ctx context.Context, id int64) (*vigil.PageVersion, error) {
	r.whole.Add(1)
	return r.Store.Version(ctx, id)
}

// VersionExtract counts a read of the extract alone.
func (r *readCounter) VersionExtract(ctx context.Context, id int64) (*vigil.PageVersion, error) {
	r.extract.Add(1)
	return r.Store.VersionExtract(ctx, id)
}

// TestPreviousBodyReadOnlyWhenNeeded: a change is measured against the
// previous version's extract, from the monitor's cache, else from the
// store without the previous body; the body is read only when the stored
// extract was made under other settings and the version must be
// extracted again.
func TestPreviousBodyReadOnlyWhenNeeded(t *testing.T) {
	tests := []struct {
		name                string
		cached, newSelector bool
		wantWhole, wantExtr int32
	}{
		{name: "cached", cached: true},
		{name: "stored extract", wantExtr: 1},
		{name: "settings changed", newSelector: true, wantExtr: 1, wantWhole: 1},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			h := newHarness(t, Config{})
			srv, sw := serve(t, html(pageV1))
			f := h.followPage(srv.URL + "/jobs")
			h.fetch(f.ID)
			counter := &readCounter{Store: h.mon.st}
			h.mon.st = counter
			if !tt.cached {
				h.mon.docs = newDocCache(int(h.mon.cfg.ExtractCacheBytes)) // as a new process starts
			}
			if tt.newSelector {
				if err := h.st.SetPageSelector(context.Background(), h.user.ID, f.ID, "p"); err != nil {
					t.Fatal(err)
				}
			}
			sw.set(html(strings.Replace(pageV1, "gardener", "baker", 1)))
			h.clk.Advance(time.Hour)
			if res, _ := h.fetch(f.ID); res.Updated != 1 {
				t.Fatalf("fetch of the changed page: %+v, want one change", res)
			}
			if w, e := counter.whole.Load(), counter.extract.Load(); w != tt.wantWhole || e != tt.wantExtr {
				t.Errorf("read the previous version whole %d times and its extract %d times, want %d and %d", w, e, tt.wantWhole, tt.wantExtr)
			}
		})
	}
}
