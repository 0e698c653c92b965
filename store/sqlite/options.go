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
	// CacheKiB is each connection's PRAGMA cache_size in KiB; 0 keeps
	// SQLite's default (2,000 KiB).
	CacheKiB int
}

// Lean is the Options for a one-shot command such as `vigil fetch`, which
// ingests and then exits and serves no item listings: two reading
// connections instead of four, no mapping of the file (a refresh of 5,000
// feeds touched ~10 MB of mapped pages that stayed resident), and page
// caches of 512 KiB instead of 2,000 KiB. Reads are slower per page (a read
// system call and a copy instead of the mapping), which a fetch pass,
// bounded by the network, does not notice.
var Lean = Options{ReadConns: 2, ReadMmapBytes: -1, CacheKiB: 512}

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
