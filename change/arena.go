package change

// stringArena makes strings of byte slices in shared chunks: each string
// is copied to the end of the current chunk, where no byte is written
// twice, so a walk's many short strings (block names, block paths) take
// a few allocations rather than one each.
type stringArena struct {
	chunk []byte
}

// arenaChunk is the size of an arena's chunks.
const arenaChunk = 8 << 10

// add returns b as a string held in the arena.
func (a *stringArena) add(b []byte) string {
	if len(b) > arenaChunk/4 {
		return string(b)
	}
	if cap(a.chunk)-len(a.chunk) < len(b) {
		a.chunk = make([]byte, 0, arenaChunk)
	}
	start := len(a.chunk)
	a.chunk = append(a.chunk, b...)
	return frozenString(a.chunk[start:])
}
