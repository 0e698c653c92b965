package profiler

import (
	"context"
	"testing"
	"time"
)

// TestWithGraceOutlivesItsParent checks that a graced context lives on
// when its parent ends, ends by itself after the grace, and ends at once
// when cancelled.
func TestWithGraceOutlivesItsParent(t *testing.T) {
	parent, stop := context.WithCancel(context.Background())
	c, cancel := withGrace(parent, 50*time.Millisecond)
	defer cancel()
	stop()
	if c.Err() != nil {
		t.Fatal("the graced context ended with its parent")
	}
	select {
	case <-c.Done():
	case <-time.After(10 * time.Second):
		t.Fatal("the graced context did not end after its grace")
	}

	c, cancel = withGrace(context.Background(), time.Hour)
	cancel()
	if c.Err() == nil {
		t.Error("cancel did not end the graced context")
	}
}
