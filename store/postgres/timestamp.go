package postgres

import (
	"database/sql"
	"math"
	"time"
)

// The instants Unix nanoseconds in an int64 can hold; later or earlier
// non-zero times are stored clamped to them.
var (
	minStored = time.Unix(0, math.MinInt64)
	maxStored = time.Unix(0, math.MaxInt64)
)

// nanos encodes t as Unix nanoseconds, exactly for every time between the
// years 1678 and 2262; the zero time becomes NULL.
func nanos(t time.Time) sql.NullInt64 {
	switch {
	case t.IsZero():
		return sql.NullInt64{}
	case t.Before(minStored):
		return sql.NullInt64{Int64: math.MinInt64, Valid: true}
	case t.After(maxStored):
		return sql.NullInt64{Int64: math.MaxInt64, Valid: true}
	}
	return sql.NullInt64{Int64: t.UnixNano(), Valid: true}
}

// fromNanos decodes what nanos stored, in UTC.
func fromNanos(n sql.NullInt64) time.Time {
	if !n.Valid {
		return time.Time{}
	}
	return time.Unix(0, n.Int64).UTC()
}

// sortAt is an item's place in listings: its publication time, unless that
// is missing or later than when it was first seen.
func sortAt(published, seen time.Time) time.Time {
	if published.IsZero() || published.After(seen) {
		return seen
	}
	return published
}

// normalise returns t as it reads back once stored: in UTC, without a
// monotonic reading, clamped to the storable range.
func normalise(t time.Time) time.Time {
	return fromNanos(nanos(t))
}

// instant encodes t for comparisons with stored times: like nanos, but the
// zero time is the earliest instant rather than NULL.
func instant(t time.Time) int64 {
	if t.IsZero() {
		return math.MinInt64
	}
	return nanos(t).Int64
}
