package main

import (
	"strings"
	"testing"
)

// TestDigestSettingsSayWhatTheyDo checks that vigil digest refuses a
// sending setting given without --send, which would change nothing, and
// says that a digest without an address is not sent.
func TestDigestSettingsSayWhatTheyDo(t *testing.T) {
	db := annDB(t)
	tests := []struct {
		args []string
		code int
		want string
	}{
		{[]string{"digest", "--digest-every", "1s"}, 2, "--digest-every is read by vigil serve"},
		{[]string{"digest", "--digest-catch-up", "0", "--email", "ann@example.org"}, 2, "--digest-catch-up is read by vigil serve"},
		{[]string{"digest", "--send", "2026-03-01", "--digest-every", "1s"}, 2, "--digest-every is read by vigil serve"},
		{[]string{"digest", "--zone", "Europe/Paris"}, 2, "without --send it changes nothing"},
		{[]string{"digest", "--rating-weights", "1,1,1"}, 2, "--rating-weights is a setting of sending"},
		{[]string{"digest", "--send", "2026-03-01", "--email", "ann@example.org"}, 2, "give them in two commands"},
		{[]string{"digest"}, 0, `digest e-mail on but unsent, no address (set one with --email), address ""`},
		{[]string{"digest", "--email", "ann@example.org"}, 0, `digest e-mail on, address "ann@example.org"`},
		{[]string{"digest", "--off"}, 0, "digest e-mail off"},
	}
	for _, tc := range tests {
		code, out, errOut := cli(t, db, "", tc.args...)
		if code != tc.code || !strings.Contains(out+errOut, tc.want) {
			t.Errorf("vigil %s: exit %d, %q %q; want %d and %q", strings.Join(tc.args, " "), code, out, errOut, tc.code, tc.want)
		}
	}
}
