package digest

import (
	"context"
	"strings"
	"testing"
	"time"

	"vigil/clock"
	"vigil/digest/smtptest"
)

// TestRunSendsTheDaysMissedWhileDown restarts the runner after days of
// downtime: its first pass sends every finished day since the last one a
// digest was claimed for, at most CatchUp days back, and an installation
// that never sent a digest starts with yesterday. Before, only yesterday's
// digest went out and the days before it were lost.
func TestRunSendsTheDaysMissedWhileDown(t *testing.T) {
	tests := []struct {
		name     string
		claimed  string // a day ann's digest was sent for before the downtime
		catchUp  int
		wantDays []string
	}{
		{"sent before the downtime", "2026-03-01", 0, []string{"2026-03-02", "2026-03-03"}},
		{"never sent one", "", 0, nil},
		{"catch-up bounded", "2026-02-01", 2, []string{"2026-03-03"}},
		{"nothing missed", "2026-03-04", 0, nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			f := newFixture(t)
			if tt.claimed != "" {
				if _, err := f.st.ClaimDigest(ctx, f.ann.UserID, tt.claimed); err != nil {
					t.Fatal(err)
				}
			}
			mb := smtptest.Start(t, "", "")
			clk := clock.NewVirtual(day0.AddDate(0, 0, 3).Add(time.Hour)) // 2026-03-05 01:00
			r := &Runner{Store: f.st, Clock: clk, CatchUp: tt.catchUp,
				Mail: &SMTP{Host: mb.Host, Port: mb.Port, From: "vigil@example.org"}}
			runFirstPass(t, r, clk)
			var got []string
			for _, m := range mb.Received() {
				for _, day := range []string{"2026-03-01", "2026-03-02", "2026-03-03", "2026-03-04"} {
					if strings.Contains(m.Data, day) {
						got = append(got, day)
						break
					}
				}
			}
			if strings.Join(got, ",") != strings.Join(tt.wantDays, ",") {
				t.Errorf("mails for days %v, want %v", got, tt.wantDays)
			}
		})
	}
}

// runFirstPass runs r until its first pass is over (it waits on the clock)
// and stops it.
func runFirstPass(t *testing.T, r *Runner, clk *clock.Virtual) {
	t.Helper()
	c, cancel := context.WithCancel(ctx)
	done := make(chan error, 1)
	go func() { done <- r.Run(c) }()
	deadline := time.Now().Add(10 * time.Second)
	for clk.Waiters() == 0 {
		if time.Now().After(deadline) {
			t.Fatal("the runner's first pass did not end")
		}
		time.Sleep(5 * time.Millisecond)
	}
	cancel()
	if err := <-done; err != nil {
		t.Fatal(err)
	}
}
