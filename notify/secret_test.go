package notify

import (
	"context"
	"errors"
	"net"
	"strings"
	"testing"

	"vigil"
)

// assertHidden fails when text shows one of secrets.
func assertHidden(t *testing.T, where, text string, secrets []string) {
	t.Helper()
	for _, s := range secrets {
		if strings.Contains(text, s) {
			t.Errorf("%s shows the secret %q: %s", where, s, text)
		}
	}
}

// TestNoSecretShown shows every service's URL as vigil lists it, and
// sends to it with every dial refused: neither the listing nor the
// send's error shows a part of the URL that holds a secret.
func TestNoSecretShown(t *testing.T) {
	refuse := func(context.Context, string, string) (net.Conn, error) {
		return nil, errors.New("test: refused")
	}
	for _, s := range services {
		t.Run(s.name, func(t *testing.T) {
			raw := strings.ReplaceAll(s.url, "HOST", "hooks.example.org")
			assertHidden(t, "HideURL", vigil.HideURL(raw), s.secrets)
			_, err := send(raw, "title", "text", refuse)
			if err == nil {
				t.Fatal("the send succeeded with every dial refused")
			}
			assertHidden(t, "the send's error", err.Error(), s.secrets)
			quoted := "sending to " + raw + " (" + strings.Join(s.secrets, ", ") + ") failed"
			assertHidden(t, "HideSecrets", vigil.HideSecrets(raw, quoted), s.secrets)
		})
	}
}

// TestRefusedURLsHideSecrets gives Check and send URLs their services
// refuse: the error says what is wrong without the secret.
func TestRefusedURLsHideSecrets(t *testing.T) {
	tests := []struct {
		url, want, secret string
	}{
		{"pushbullet://PbBadS3cretTok/#c", "token has incorrect size", "PbBadS3cretTok"},
		{"telegram://123456789:AA'TgS3cretTail@telegram?chats=1", "not usable", "TgS3cretTail"},
		{"ifttt://IfK3yS3cret/", "not usable", "IfK3yS3cret"},
		{"https://hooks.example.org/x/HookS3cret", "generic+https://hooks.example.org/…", "HookS3cret"},
	}
	for _, tt := range tests {
		err := Check(tt.url)
		if err == nil || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("Check(%q) = %v, want an error saying %q", tt.url, err, tt.want)
			continue
		}
		assertHidden(t, "Check's error", err.Error(), []string{tt.secret})
		if vigil.ErrorCode(err) != vigil.EINVALID {
			t.Errorf("Check(%q) = %v, want EINVALID", tt.url, err)
		}
	}
}

// TestNothingSentIsAnError sends to telegram URLs that name no chat it
// can send to, which telegram's client calls sent when no answer came:
// the send says what happened instead.
func TestNothingSentIsAnError(t *testing.T) {
	dials := &recorder{dial: func(context.Context, string, string) (net.Conn, error) {
		return nil, errors.New("test: refused")
	}}
	for _, raw := range []string{
		"telegram://123456789:AATgS3cretT0ken@telegram?chats=",
		"telegram://123456789:AATgS3cretT0ken@telegram?chats=@chan",
	} {
		a, err := send(raw, "title", "text", dials.DialContext)
		if err == nil || !strings.Contains(err.Error(), "no answer") {
			t.Errorf("send(%s) = %+v, %v; want nothing sent, said so", vigil.HideURL(raw), a, err)
		}
		assertHidden(t, "the error", err.Error(), []string{"AATgS3cretT0ken"})
	}
}
