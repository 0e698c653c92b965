package plan

// layer sets g[x] = min over k in [lo0, min(hi0, x−1)] of f[k] + gap(k, x)
// for every x in [lo1, hi1] (lo0 < lo1, hi0 < hi1), and arg[x−lo1] to the
// minimising k. Each candidate k is the line
//
//	icpt[k] − lam[k]·X,  icpt[k] = f[k] − mix[k] + lam[k]·acc[k],
//
// evaluated at X = acc[x] and shifted by mix[x]. Lines arrive in order of
// falling slope and queries in order of rising X, so a hull kept as a
// deque answers every query in amortised constant time.
func (pl *placer) layer(lo0, hi0, lo1, hi1 int, arg []int32) {
	p := pl.p
	h := pl.hull[:0]
	head, next := 0, lo0
	for x := lo1; x <= hi1; x++ {
		for ; next <= hi0 && next < x; next++ {
			pl.icpt[next] = pl.f[next] - p.mix[next] + p.lam[next]*p.acc[next]
			h = pl.push(h, int32(next))
			head = min(head, len(h)-1)
		}
		q := p.acc[x]
		for head+1 < len(h) && pl.line(h[head+1], q) <= pl.line(h[head], q) {
			head++
		}
		k := h[head]
		pl.g[x] = pl.line(k, q) + p.mix[x]
		arg[x-lo1] = k
	}
	pl.hull = h
}

// line evaluates candidate k's line at X.
func (pl *placer) line(k int32, x float64) float64 {
	return pl.icpt[k] - pl.p.lam[k]*x
}

// push adds line k to the back of hull h, first dropping the lines it
// makes useless: a parallel line with a higher intercept, or a line that is
// nowhere below both its neighbours. A new line that is itself parallel to
// and above the back line is not added.
func (pl *placer) push(h []int32, k int32) []int32 {
	lam, icpt := pl.p.lam, pl.icpt
	for len(h) > 0 {
		b := h[len(h)-1]
		if lam[b] == lam[k] {
			if icpt[k] > icpt[b] {
				return h
			}
			h = h[:len(h)-1]
			continue
		}
		if len(h) < 2 {
			break
		}
		a := h[len(h)-2]
		// b is useless when k crosses a no later than b does.
		if (icpt[k]-icpt[a])*(lam[b]-lam[a]) > (icpt[b]-icpt[a])*(lam[k]-lam[a]) {
			break
		}
		h = h[:len(h)-1]
	}
	return append(h, k)
}
