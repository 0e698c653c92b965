package sqlite

// Options sizes the memory a DB may hold: how many reading connections it
// keeps, how much of the file each maps, and how large each connection's
// page cache grows. The zero Options is what Open uses, tuned for a
// long-running server whose item listings read the file often.
type Options struct {
	// ReadConns is the size of the reading pool; 0 means readConns.
	ReadConns int
	// ReadMmapBytes is each reading connection's PRAGMA mmap_size; 0 means
	// readMmapBytes, a negative value maps nothing. Mapped pages a query
	// touches count in the process's resident memory for as long as the
	// connection is open.
	ReadMmapBytes int64
	// CacheKiB is the PRAGMA cache_size in KiB of each reading connection,
	// and of the writing one unless WriteCacheKiB is set; 0 keeps SQLite's
	// default (2,000 KiB).
	CacheKiB int
	// WriteCacheKiB, when above 0, is the writing connection's cache_size
	// in KiB instead of CacheKiB.
	WriteCacheKiB int
}

// Lean is the Options for a one-shot command such as `vigil fetch`, which
// ingests and then exits and serves no item listings: one reading
// connection instead of four, no mapping of the file (a refresh of 5,000
// feeds touched ~10 MB of mapped pages that stayed resident), and small
// page caches: 64 KiB for the reading connection, which a pass uses only
// to list its feeds and read each one before fetching it, and 256 KiB for
// the writing one, which holds a fetch's changed pages until it commits.
// SQLite's allocator (modernc.org/memory) keeps each cached 4 KiB page and
// its header in an 8 KiB slot, so a cache of N KiB holds up to 2N KiB:
// SQLite's own memory peaked at 3.3 MB with the 512 KiB caches this
// replaces, and 2.2 MB at 128 KiB. Reads are slower per page (a read
// system call and a copy instead of the mapping), which a fetch pass,
// bounded by the network, does not notice.
var Lean = Options{ReadConns: 1, ReadMmapBytes: -1, CacheKiB: 64, WriteCacheKiB: 256}

// writeCacheKiB returns the writing connection's cache_size in KiB.
func (o Options) writeCacheKiB() int {
	if o.WriteCacheKiB > 0 {
		return o.WriteCacheKiB
	}
	return o.CacheKiB
}

// readPoolSize returns the size of the reading pool.
func (o Options) readPoolSize() int {
	if o.ReadConns > 0 {
		return o.ReadConns
	}
	return readConns
}

// mmapBytes returns the mmap_size of a reading connection.
func (o Options) mmapBytes() int64 {
	switch {
	case o.ReadMmapBytes < 0:
		return 0
	case o.ReadMmapBytes == 0:
		return readMmapBytes
	}
	return o.ReadMmapBytes
}
