package digest

import (
	"strings"
	"testing"
	"time"

	"vigil/clock"
	"vigil/digest/smtptest"
)

// TestRunnerRefusesADayNotOver asks for the digest of a day still going
// on: sending it would mark the day sent and lose the rest of its changes,
// so SendDay refuses, sends nothing, and sends the whole day once it is
// over. Before the fix the day was sent at once and never again.
func TestRunnerRefusesADayNotOver(t *testing.T) {
	f := newFixture(t)
	mb := smtptest.Start(t, "", "")
	clk := clock.NewVirtual(day0.Add(20 * time.Hour)) // the day's last hours
	r := &Runner{Store: f.st, Clock: clk, Mail: &SMTP{Host: mb.Host, Port: mb.Port, From: "vigil@example.org"}}
	sent, err := r.SendDay(ctx, day0)
	if err == nil || !strings.Contains(err.Error(), "not over") || sent.Mails != 0 || len(mb.Received()) != 0 {
		t.Fatalf("a day not over: sent %+v, %v; want a refusal and no mail", sent, err)
	}
	clk.Advance(5 * time.Hour) // the next day
	if sent, err := r.SendDay(ctx, day0); err != nil || sent.Mails != 1 {
		t.Errorf("the day once over: sent %+v, %v; want ann's mail", sent, err)
	}
}
