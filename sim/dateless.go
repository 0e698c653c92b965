package sim

import (
	"hash/fnv"
	"math"
	"slices"
)

// DefaultDatelessSeed picks the sources without dates when
// Config.DatelessSeed is zero.
const DefaultDatelessSeed = 1

// markDateless marks round(share × n) of the tracks as feeds without dates:
// those whose IDs hash lowest under the seed, so the choice depends on the
// sources' IDs and the seed alone, not on their order in the trace.
func markDateless(tracks []track, srcs []Source, share float64, seed uint64) {
	k := int(math.Round(share * float64(len(tracks))))
	if k <= 0 {
		return
	}
	order := make([]int, len(srcs))
	keys := make([]uint64, len(srcs))
	for i, s := range srcs {
		order[i], keys[i] = i, idHash(s.ID, seed)
	}
	slices.SortFunc(order, func(a, b int) int {
		if keys[a] != keys[b] {
			if keys[a] < keys[b] {
				return -1
			}
			return 1
		}
		return a - b
	})
	for _, i := range order[:min(k, len(order))] {
		tracks[i].dateless = true
	}
}

// idHash is FNV-1a of the seed's eight bytes and the ID.
func idHash(id string, seed uint64) uint64 {
	h := fnv.New64a()
	var b [8]byte
	for i := range b {
		b[i] = byte(seed >> (8 * i))
	}
	h.Write(b[:])
	h.Write([]byte(id))
	return h.Sum64()
}
