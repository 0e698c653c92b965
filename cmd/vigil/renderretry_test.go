package main

import (
	"testing"
	"time"
)

// TestRenderRetry: a render's second try has twice --timeout, unless the
// lease on the page would end before it: then what the lease leaves.
func TestRenderRetry(t *testing.T) {
	tests := []struct {
		timeout, lease, want time.Duration
	}{
		{30 * time.Second, 2 * time.Minute, time.Minute},
		{time.Minute, 2 * time.Minute, time.Minute},
		{2 * time.Second, 4 * time.Second, 2 * time.Second},
		{45 * time.Second, 2 * time.Minute, 75 * time.Second},
	}
	for _, tt := range tests {
		if got := renderRetry(tt.timeout, tt.lease); got != tt.want {
			t.Errorf("renderRetry(%v, %v) = %v, want %v", tt.timeout, tt.lease, got, tt.want)
		}
	}
}
