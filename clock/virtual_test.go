package clock

import (
	"testing"
	"time"
)

func TestVirtualFiresWaitersInOrderOfDeadline(t *testing.T) {
	t0 := time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)
	v := NewVirtual(t0)
	late, early := v.After(2*time.Hour), v.After(time.Hour)
	now := v.After(0)
	select {
	case got := <-now:
		if !got.Equal(t0) {
			t.Fatalf("After(0) delivered %v, want %v", got, t0)
		}
	default:
		t.Fatal("After(0) did not fire at once")
	}
	v.Advance(90 * time.Minute)
	select {
	case got := <-early:
		if !got.Equal(t0.Add(time.Hour)) {
			t.Fatalf("the one-hour waiter got %v", got)
		}
	default:
		t.Fatal("the one-hour waiter did not fire after 90 minutes")
	}
	select {
	case <-late:
		t.Fatal("the two-hour waiter fired after 90 minutes")
	default:
	}
	if v.Waiters() != 1 {
		t.Fatalf("%d waiters left, want 1", v.Waiters())
	}
	v.Set(t0) // never backwards
	if !v.Now().Equal(t0.Add(90 * time.Minute)) {
		t.Fatalf("Set moved the clock back to %v", v.Now())
	}
	v.Set(t0.Add(3 * time.Hour))
	if got := <-late; !got.Equal(t0.Add(2 * time.Hour)) {
		t.Fatalf("the two-hour waiter got %v", got)
	}
}
