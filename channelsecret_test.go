package vigil

import (
	"strings"
	"testing"
)

func TestHideURL(t *testing.T) {
	tests := []struct{ raw, want string }{
		{"ntfy://:tk_S3cret@ntfy.example.org/alice-alerts", "ntfy://ntfy.example.org/…"},
		{"generic+https://hooks.example.org/T0KEN?x=1", "generic+https://hooks.example.org/…"},
		{"gotify://push.example.org/AToken", "gotify://push.example.org/…"},
		{"ifttt://IfK3yS3cret/?events=a", "ifttt://…"},
		{"wecom://WcK3yS3cret", "wecom://…"},
		{"notifiarr://NfK3yS3cret", "notifiarr://…"},
		{"telegram://123:AAS3cret@telegram?chats=1", "telegram://…"},
		{"newservice://S3cret@S3cret2", "newservice://…"},
		{"no scheme", "(hidden)"},
		{"bare://", "bare://…"},
	}
	for _, tt := range tests {
		if got := HideURL(tt.raw); got != tt.want {
			t.Errorf("HideURL(%q) = %q, want %q", tt.raw, got, tt.want)
		}
	}
}

func TestHideSecrets(t *testing.T) {
	tests := []struct {
		raw, text string
		secrets   []string
		kept      []string
	}{
		{"telegram://123456789:AA'Tg/Tail@telegram?chats=1", "bad token AA'Tg/Tail and Tail", []string{"AA'Tg", "Tail"}, []string{"bad token"}},
		{"pushbullet://PbS3cretTok/#chan", "token PbS3cretTok has incorrect size", []string{"PbS3cretTok"}, []string{"incorrect size"}},
		{"slack://hook:T0000000-B0000000-S3cretS3cret@webhook", "parts T0000000, B0000000 and S3cretS3cret", []string{"T0000000", "B0000000", "S3cretS3cret"}, []string{"parts"}},
		{"ntfy://:tk%2FS3cret@ntfy.example.org/topic", "token tk/S3cret and tk%2FS3cret at ntfy.example.org", []string{"tk/S3cret", "tk%2FS3cret"}, []string{"ntfy.example.org"}},
		{"ifttt://IfK3yS3cret/?events=e1", "POST https://maker.ifttt.com/trigger/e1/with/key/IfK3yS3cret", []string{"IfK3yS3cret"}, []string{"maker.ifttt.com"}},
	}
	for _, tt := range tests {
		got := HideSecrets(tt.raw, tt.text)
		for _, s := range tt.secrets {
			if strings.Contains(got, s) {
				t.Errorf("HideSecrets(%q, %q) = %q, shows %q", tt.raw, tt.text, got, s)
			}
		}
		for _, k := range tt.kept {
			if !strings.Contains(got, k) {
				t.Errorf("HideSecrets(%q, %q) = %q, lost %q", tt.raw, tt.text, got, k)
			}
		}
	}
}
