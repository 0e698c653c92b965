package sqlite

import (
	"context"
	"path/filepath"
	"testing"
)

// TestOptions checks that the connections of a DB carry the sizes its
// Options ask for: a server's mapping and pool, or a one-shot command's
// lean ones.
func TestOptions(t *testing.T) {
	tests := []struct {
		name       string
		o          Options
		conns      int
		mmap       int64
		readCache  int64 // PRAGMA cache_size: negative KiB, SQLite's default -2000
		writeCache int64
	}{
		{"default", Options{}, readConns, readMmapBytes, -2000, -2000},
		{"lean", Lean, 1, 0, -64, -256},
		{"custom", Options{ReadConns: 3, ReadMmapBytes: 1 << 20, CacheKiB: 100}, 3, 1 << 20, -100, -100},
		{"own write cache", Options{CacheKiB: 100, WriteCacheKiB: 300}, readConns, readMmapBytes, -100, -300},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			db, err := OpenWith(filepath.Join(t.TempDir(), "v.db"), tt.o, nil)
			if err != nil {
				t.Fatal(err)
			}
			defer db.Close()
			if got := db.read.Stats().MaxOpenConnections; got != tt.conns {
				t.Errorf("read connections = %d, want %d", got, tt.conns)
			}
			ctx := context.Background()
			var mmap, cache, writeCache int64
			if err := db.read.QueryRowContext(ctx, "PRAGMA mmap_size").Scan(&mmap); err != nil {
				t.Fatal(err)
			}
			if err := db.read.QueryRowContext(ctx, "PRAGMA cache_size").Scan(&cache); err != nil {
				t.Fatal(err)
			}
			if err := db.write.QueryRowContext(ctx, "PRAGMA cache_size").Scan(&writeCache); err != nil {
				t.Fatal(err)
			}
			if mmap != tt.mmap || cache != tt.readCache || writeCache != tt.writeCache {
				t.Errorf("mmap_size %d, cache_size %d (write %d); want %d, %d (write %d)", mmap, cache, writeCache, tt.mmap, tt.readCache, tt.writeCache)
			}
		})
	}
}
