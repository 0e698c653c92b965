package trace

import (
	"fmt"
	"hash/fnv"
	"strconv"
	"strings"
)

// partSeed keeps the parts of a split apart from the other hashed choices
// of the simulator (the sources without dates, those with a hub).
const partSeed = 0x5ca1ab1e

// Part is one of N parts of a split of IDs (sources or readers) by a hash
// of each ID under a fixed seed: the same ID falls in the same part
// whatever the other IDs or their order, so that a rule can be chosen on
// one part and reported on another. The zero Part holds every ID.
type Part struct {
	I, N int // part I of N, 1 ≤ I ≤ N
}

// ParsePart reads "i/n" (1 ≤ i ≤ n); "" is the zero Part.
func ParsePart(s string) (Part, error) {
	if s == "" {
		return Part{}, nil
	}
	a, b, ok := strings.Cut(s, "/")
	i, err1 := strconv.Atoi(a)
	n, err2 := strconv.Atoi(b)
	if !ok || err1 != nil || err2 != nil || n < 1 || i < 1 || i > n {
		return Part{}, fmt.Errorf("trace: a part is i/n with 1 ≤ i ≤ n, got %q", s)
	}
	return Part{I: i, N: n}, nil
}

// Holds reports whether id falls in the part.
func (p Part) Holds(id string) bool {
	if p.N <= 1 {
		return true
	}
	return int(hashID(id, partSeed)%uint64(p.N)) == p.I-1
}

// Follows reports whether user follows source when each user follows a
// share (0-1) of the sources, drawn by a hash of the pair: a stand-in for
// readers who each read some of a server's feeds, as the reader traces
// here tell when people read, not what.
func Follows(user, source string, share float64) bool {
	return float64(hashID(user+"\t"+source, partSeed^1)>>11)/(1<<53) < share
}

// hashID is FNV-1a of id and the seed, scrambled (SplitMix64's finaliser).
func hashID(id string, seed uint64) uint64 {
	h := fnv.New64a()
	h.Write([]byte(id))
	x := h.Sum64() ^ seed
	x += 0x9e3779b97f4a7c15
	x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9
	x = (x ^ (x >> 27)) * 0x94d049bb133111eb
	return x ^ (x >> 31)
}

// KeepSources keeps the sources part holds, and returns p.
func (p *Postings) KeepSources(part Part) *Postings {
	kept := p.Sources[:0:0]
	for _, s := range p.Sources {
		if part.Holds(s.ID) {
			kept = append(kept, s)
		}
	}
	p.Sources = kept
	return p
}

// KeepUsers keeps the users part holds, and returns a.
func (a *Accesses) KeepUsers(part Part) *Accesses {
	kept := a.Users[:0:0]
	for _, u := range a.Users {
		if part.Holds(u.ID) {
			kept = append(kept, u)
		}
	}
	a.Users = kept
	return a
}
