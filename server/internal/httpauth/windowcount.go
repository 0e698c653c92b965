package httpauth

import "time"

// windowCounts counts events per key in fixed windows of FailureWindow
// that start at a key's first event, keeping at most failureAddrsMax keys.
// The zero value is empty and ready; it is not safe for concurrent use.
type windowCounts[K comparable] struct {
	m map[K]failures
}

// failures are the failed logins of one key in its current window.
type failures struct {
	since time.Time
	count int
}

// lockedFor returns how long key stays over limit, or 0 when it is not.
func (w *windowCounts[K]) lockedFor(key K, limit int, now time.Time) time.Duration {
	f, ok := w.m[key]
	if !ok || f.count < limit {
		return 0
	}
	return max(f.since.Add(FailureWindow).Sub(now), 0)
}

// add counts an event of key, starting a new window when the last one has
// passed, and making room first when the table is full.
func (w *windowCounts[K]) add(key K, now time.Time) {
	if w.m == nil {
		w.m = make(map[K]failures)
	}
	f, ok := w.m[key]
	if !ok && len(w.m) >= failureAddrsMax {
		w.evict(now)
	}
	if !ok || !now.Before(f.since.Add(FailureWindow)) {
		f = failures{since: now}
	}
	f.count++
	w.m[key] = f
}

// evict drops the keys whose window has passed, or the one with the oldest
// window when none has.
func (w *windowCounts[K]) evict(now time.Time) {
	var oldest K
	var oldestSince time.Time
	for k, f := range w.m {
		switch {
		case !now.Before(f.since.Add(FailureWindow)):
			delete(w.m, k)
		case oldestSince.IsZero() || f.since.Before(oldestSince):
			oldest, oldestSince = k, f.since
		}
	}
	if len(w.m) >= failureAddrsMax {
		delete(w.m, oldest)
	}
}
