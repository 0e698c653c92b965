package store

import (
	"database/sql"
	"math"
	"time"

	"vigil"
)

// The instants Unix nanoseconds in an int64 can hold; later or earlier
// non-zero times are stored clamped to them.
var (
	minStored = time.Unix(0, math.MinInt64)
	maxStored = time.Unix(0, math.MaxInt64)
)

// Nanos encodes t as the stores keep times, Unix nanoseconds, exactly for
// every time between the years 1678 and 2262; the zero time becomes NULL.
func Nanos(t time.Time) sql.NullInt64 {
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

// FromNanos decodes what Nanos stored, in UTC.
func FromNanos(n sql.NullInt64) time.Time {
	if !n.Valid {
		return time.Time{}
	}
	return time.Unix(0, n.Int64).UTC()
}

// SortAt is an item's stored place in listings, vigil.Item.ListedAt.
func SortAt(published, seen time.Time) time.Time {
	return vigil.Item{Published: published, Seen: seen}.ListedAt()
}

// Normalise returns t as it reads back once stored: in UTC, without a
// monotonic reading, clamped to the storable range.
func Normalise(t time.Time) time.Time {
	return FromNanos(Nanos(t))
}

// Instant encodes t for comparisons with stored times: like Nanos, but the
// zero time is the earliest instant rather than NULL.
func Instant(t time.Time) int64 {
	if t.IsZero() {
		return math.MinInt64
	}
	return Nanos(t).Int64
}
