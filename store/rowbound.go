package store

import "math"

// RowBound returns the operator and ID of a row comparison (sort_at, id)
// that selects the items strictly after (at, id) in the order of op (<
// newest first, > oldest first), written inclusive: <= (at, id-1), >=
// (at, id+1), the same items, IDs being whole numbers. PostgreSQL
// estimates how many rows a row comparison selects by its first column
// alone, so for the strict form it counts none of the items of the
// cursor's own sort time: where thousands share it, it would walk the
// index of every feed and filter out the other feeds' items, not the
// index of the one feed asked, and read the tied group. The inclusive form
// counts them all. An ID at the end of the int64 range keeps the strict
// form.
func RowBound(op string, id int64) (string, int64) {
	switch {
	case op == `<` && id != math.MinInt64:
		return `<=`, id - 1
	case op == `>` && id != math.MaxInt64:
		return `>=`, id + 1
	}
	return op, id
}
