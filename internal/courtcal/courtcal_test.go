package courtcal

import (
	"bytes"
	"testing"
)

func TestNewIsDeterministicAndNearItsSize(t *testing.T) {
	for _, size := range []int{100 << 10, 2 << 20} {
		a, _ := New(1, size).HTML()
		b, _ := New(1, size).HTML()
		if !bytes.Equal(a, b) {
			t.Fatalf("size %d: two calendars of the same seed differ", size)
		}
		if len(a) < size*9/10 || len(a) > size*11/10 {
			t.Errorf("size %d: page of %d bytes", size, len(a))
		}
		if c, _ := New(2, size).HTML(); bytes.Equal(a, c) {
			t.Errorf("size %d: seeds 1 and 2 give the same page", size)
		}
	}
}

func TestSeriesEditsPastTheOffset(t *testing.T) {
	const past = 1 << 20
	vs := Series(3, 2<<20, 13, past)
	if len(vs) != 13 {
		t.Fatalf("%d versions, want 13", len(vs))
	}
	for i, v := range vs[1:] {
		prev := vs[i].Body
		if bytes.Equal(prev, v.Body) {
			t.Fatalf("version %d (%s) is the same as the one before", i+1, v.Edit)
		}
		if !v.Edit.Visible() {
			if v.At != -1 {
				t.Errorf("version %d (%s): At %d, want -1", i+1, v.Edit, v.At)
			}
			continue
		}
		if v.At <= past {
			t.Errorf("version %d (%s) at byte %d, want past %d", i+1, v.Edit, v.At, past)
		}
		// The visible edit is the first difference: everything before the
		// touched row is the same.
		if !bytes.Equal(prev[:v.At], v.Body[:v.At]) {
			t.Errorf("version %d (%s) differs before byte %d", i+1, v.Edit, v.At)
		}
	}
}
