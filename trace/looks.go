package trace

import (
	"math/rand/v2"
)

// lookStream is the first RNG stream of the users' looks: user j draws
// theirs from stream lookStream+j, apart from their accesses' stream, so
// that asking for looks changes no access time.
const lookStream = 1 << 60

// Look generation: how near a habit's time of day an access must come to
// be that habit's, and how often a habit's access goes to one of the
// habit's own sources rather than any the user follows.
const (
	habitReach   = 90 * 60 // seconds
	habitLoyalty = 0.8
)

// looks makes each access a look at one source the user follows (Access
// .Source): the user follows n of ids, drawn at random and dealt among
// their habits and one more group for the accesses outside them. An
// access within habitReach of a habit's time of day belongs to that
// habit; with probability habitLoyalty it goes to one of its group's
// sources, the first of them the most (Zipf weights 1/rank), and
// otherwise to any source the user follows, evenly. So a generated reader
// reads some feeds in the morning and others at night, as people do.
func (u *readerModel) looks(rng *rand.Rand, acc []Access, ids []string, n int) []Access {
	if len(acc) == 0 || len(ids) == 0 || n <= 0 {
		return acc
	}
	follows := make([]string, min(n, len(ids)))
	for i, k := range rng.Perm(len(ids))[:len(follows)] {
		follows[i] = ids[k]
	}
	groups := make([][]string, len(u.habits)+1)
	for i, id := range follows {
		groups[i%len(groups)] = append(groups[i%len(groups)], id)
	}
	for i := range acc {
		g := groups[u.habitOf(acc[i].Time.Unix())]
		if len(g) == 0 || rng.Float64() >= habitLoyalty {
			g = follows
		}
		acc[i].Source = g[zipfIndex(rng, len(g))]
	}
	return acc
}

// habitOf is the index of the habit whose time of day t comes within
// habitReach of, or len(u.habits) for none.
func (u *readerModel) habitOf(t int64) int {
	tod := float64(((t % daySeconds) + daySeconds) % daySeconds)
	for h, at := range u.habits {
		d := tod - at
		if d < 0 {
			d = -d
		}
		if d <= habitReach || daySeconds-d <= habitReach {
			return h
		}
	}
	return len(u.habits)
}

// zipfIndex draws an index below n with weights 1/(i+1).
func zipfIndex(rng *rand.Rand, n int) int {
	total := 0.0
	for i := range n {
		total += 1 / float64(i+1)
	}
	x := rng.Float64() * total
	for i := range n {
		x -= 1 / float64(i+1)
		if x < 0 {
			return i
		}
	}
	return n - 1
}
