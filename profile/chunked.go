package profile

// chunkBits sets the chunk size of chunked: 4,096 elements.
const chunkBits = 12

// chunked is an append-only sequence kept in fixed-size chunks, so that
// growing it never copies what it holds nor leaves garbage behind; the
// corpus keeps one element per term, millions of them.
type chunked[T any] struct {
	chunks [][]T
	n      int
}

func (s *chunked[T]) len() int { return s.n }

// at returns the element at i, which must be below len.
func (s *chunked[T]) at(i uint32) *T {
	return &s.chunks[i>>chunkBits][i&(1<<chunkBits-1)]
}

// push appends v.
func (s *chunked[T]) push(v T) {
	if s.n&(1<<chunkBits-1) == 0 {
		s.chunks = append(s.chunks, make([]T, 1<<chunkBits))
	}
	s.chunks[len(s.chunks)-1][s.n&(1<<chunkBits-1)] = v
	s.n++
}
