package sim

// fetchQueue is a binary min-heap of source indices ordered by their due
// time, then by the time they were first due (so that fetches deferred to
// the same instant go first come, first served), then by index, so runs
// are deterministic: O(log n) per fetch.
type fetchQueue struct {
	due   []int64 // due[i]: Unix second source i is due next
	first []int64 // first[i]: when that fetch was first due
	heap  []int32
}

func newFetchQueue(n int, at int64) *fetchQueue {
	q := &fetchQueue{due: make([]int64, n), first: make([]int64, n), heap: make([]int32, n)}
	for i := range n {
		q.due[i], q.first[i], q.heap[i] = at, at, int32(i)
	}
	return q
}

func (q *fetchQueue) less(a, b int32) bool {
	if q.due[a] != q.due[b] {
		return q.due[a] < q.due[b]
	}
	if q.first[a] != q.first[b] {
		return q.first[a] < q.first[b]
	}
	return a < b
}

// set makes source i due at at, first due then.
func (q *fetchQueue) set(i int, at int64) {
	q.due[i], q.first[i] = at, at
}

// top returns the next source due and its time; the queue is never empty.
func (q *fetchQueue) top() (int, int64) {
	i := q.heap[0]
	return int(i), q.due[i]
}

// reschedule makes the top source due at at, first due then.
func (q *fetchQueue) reschedule(at int64) {
	q.set(int(q.heap[0]), at)
	q.down(0)
}

// postpone moves the top source's fetch to at, keeping when it was first due.
func (q *fetchQueue) postpone(at int64) {
	q.due[q.heap[0]] = at
	q.down(0)
}

// rebuild restores heap order after many due times changed.
func (q *fetchQueue) rebuild() {
	for i := len(q.heap)/2 - 1; i >= 0; i-- {
		q.down(i)
	}
}

func (q *fetchQueue) down(i int) {
	h := q.heap
	for {
		l := 2*i + 1
		if l >= len(h) {
			return
		}
		m := l
		if r := l + 1; r < len(h) && q.less(h[r], h[l]) {
			m = r
		}
		if !q.less(h[m], h[i]) {
			return
		}
		h[i], h[m] = h[m], h[i]
		i = m
	}
}
