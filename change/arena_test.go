package change

import (
	"strings"
	"testing"
)

// TestStringArena checks that the arena's strings keep their bytes as
// more are added, across chunks, and that long ones are copied alone.
func TestStringArena(t *testing.T) {
	var a stringArena
	var got, want []string
	for i := range 3000 {
		b := []byte(strings.Repeat(string(rune('a'+i%26)), i%40))
		if i%500 == 0 {
			b = []byte(strings.Repeat("x", arenaChunk))
		}
		got = append(got, a.add(b))
		want = append(want, string(b))
		for j := range b {
			b[j] = '#'
		}
	}
	for i := range got {
		if got[i] != want[i] {
			t.Fatalf("string %d is %q, want %q", i, got[i], want[i])
		}
	}
}
