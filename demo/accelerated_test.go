package demo

import (
	"math"
	"testing"
	"time"
)

func TestNewAcceleratedRefusesBadSpeeds(t *testing.T) {
	for _, speed := range []float64{0, -1, math.NaN(), math.Inf(1)} {
		if _, err := NewAccelerated(time.Now(), speed); err == nil {
			t.Errorf("speed %v accepted", speed)
		}
	}
}

func TestAcceleratedRunsFasterThanTheWallClock(t *testing.T) {
	start := time.Date(2013, 5, 20, 0, 0, 0, 0, time.UTC)
	a, err := NewAccelerated(start, 100)
	if err != nil {
		t.Fatal(err)
	}
	if a.Now().Before(start) {
		t.Fatalf("Now() = %v, before the start %v", a.Now(), start)
	}
	wallBefore, virtBefore := time.Now(), a.Now()
	time.Sleep(50 * time.Millisecond)
	wall, virt := time.Since(wallBefore), a.Now().Sub(virtBefore)
	// Loose bounds: the virtual time must have run clearly faster than the
	// wall clock, and not faster than speed × the wall time measured around it.
	if virt < 10*wall || virt > 100*(wall+50*time.Millisecond) {
		t.Fatalf("%v of wall time gave %v of virtual time at speed 100", wall, virt)
	}
}

func TestAcceleratedAfterFiresInOrderAndLate(t *testing.T) {
	a, err := NewAccelerated(time.Date(2013, 5, 20, 0, 0, 0, 0, time.UTC), 1000)
	if err != nil {
		t.Fatal(err)
	}
	before := a.Now()
	now := a.After(0)
	select {
	case <-now:
	default:
		t.Fatal("After(0) did not fire at once")
	}
	late, early := a.After(40*time.Second), a.After(10*time.Second) // 40 ms and 10 ms of wall time
	// Each waiter receives the virtual time it fired at: their order is
	// told by those times, not by when this goroutine got to run.
	gotEarly, gotLate := <-early, <-late
	if !gotEarly.Before(gotLate) {
		t.Fatalf("the 10 s waiter fired at %v, not before the 40 s one at %v", gotEarly, gotLate)
	}
	if gotEarly.Sub(before) < 10*time.Second {
		t.Fatalf("the 10 s waiter fired at %v, only %v after it was set", gotEarly, gotEarly.Sub(before))
	}
	if gotLate.Sub(before) < 40*time.Second {
		t.Fatalf("the 40 s waiter fired %v after it was set", gotLate.Sub(before))
	}
}

func TestAcceleratedConvertsDurations(t *testing.T) {
	a, err := NewAccelerated(time.Now(), 60)
	if err != nil {
		t.Fatal(err)
	}
	if got := a.Real(time.Hour); got != time.Minute {
		t.Errorf("Real(1h) = %v at speed 60, want 1m", got)
	}
	if got := a.Virtual(time.Minute); got != time.Hour {
		t.Errorf("Virtual(1m) = %v at speed 60, want 1h", got)
	}
	if got := a.Virtual(math.MaxInt64); got != math.MaxInt64 {
		t.Errorf("Virtual(max) = %v, want the largest duration", got)
	}
}
