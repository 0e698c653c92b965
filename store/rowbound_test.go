package store

import (
	"math"
	"testing"
)

func TestRowBound(t *testing.T) {
	tests := []struct {
		op     string
		id     int64
		wantOp string
		wantID int64
	}{
		{`<`, 42, `<=`, 41},
		{`>`, 42, `>=`, 43},
		{`<`, 1, `<=`, 0},
		{`<`, math.MinInt64, `<`, math.MinInt64},
		{`>`, math.MaxInt64, `>`, math.MaxInt64},
	}
	for _, tt := range tests {
		op, id := RowBound(tt.op, tt.id)
		if op != tt.wantOp || id != tt.wantID {
			t.Errorf("RowBound(%s, %d) = %s, %d; want %s, %d", tt.op, tt.id, op, id, tt.wantOp, tt.wantID)
		}
	}
}
