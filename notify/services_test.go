package notify

import (
	"context"
	"net"
	"net/http"
	"net/http/httptest"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"testing"

	"github.com/nicholas-fedor/shoutrrr/pkg/router"
)

// service is a channel URL of one service shoutrrr offers, valid for it.
// HOST in url stands for a host and port the test chooses: the services
// whose URL names their server; the others send to a host of their own
// (fixed true). secrets are the parts of the URL that must never show.
type service struct {
	name    string
	url     string
	fixed   bool
	secrets []string
}

// services has one URL of every service vigil sends to.
var services = []service{
	{name: "bark", url: "bark://:Bk3yS3cret@HOST/?scheme=http", secrets: []string{"Bk3yS3cret"}},
	{name: "generic", url: "generic+http://HOST/hook/G3nS3cret?token=G3nT0ken", secrets: []string{"G3nS3cret", "G3nT0ken"}},
	{name: "googlechat", url: "googlechat://HOST/v1/spaces/FOO/messages?key=GcK3ySecret&token=GcT0kenSecret", secrets: []string{"GcK3ySecret", "GcT0kenSecret"}},
	{name: "gotify", url: "gotify://HOST/AGotifyT0ken12x?disabletls=yes", secrets: []string{"AGotifyT0ken12x"}},
	{name: "hangouts", url: "hangouts://HOST/v1/spaces/FOO/messages?key=HgK3ySecret&token=HgT0kenSecret", secrets: []string{"HgK3ySecret", "HgT0kenSecret"}},
	{name: "matrix", url: "matrix://bot:MxPassS3cret@HOST/?rooms=!room:example.org&disableTLS=yes", secrets: []string{"MxPassS3cret"}},
	{name: "mattermost", url: "mattermost://HOST/MmT0kenS3cret?disabletls=yes", secrets: []string{"MmT0kenS3cret"}},
	{name: "ntfy", url: "ntfy://:tk_NtfyS3cret@HOST/alice-alerts?scheme=http", secrets: []string{"tk_NtfyS3cret", "alice-alerts"}},
	{name: "opsgenie", url: "opsgenie://HOST/OgK3yS3cret", secrets: []string{"OgK3yS3cret"}},
	{name: "pagerduty", url: "pagerduty://HOST/eb243592faa24ba2a5511afdf565c889", secrets: []string{"eb243592faa24ba2a5511afdf565c889"}},
	{name: "rocketchat", url: "rocketchat://HOST/RcT0kenA/RcT0kenB/alerts", secrets: []string{"RcT0kenA", "RcT0kenB"}},
	{name: "signal", url: "signal://HOST/+12345678901/+12345678902?disabletls=yes", secrets: []string{"+12345678901", "+12345678902"}},
	{name: "zulip", url: "zulip://bot@example.org:ZuK3yS3cret@HOST/?stream=alerts", secrets: []string{"ZuK3yS3cret"}},

	{name: "discord", url: "discord://DcT0kenS3cret@123456789", fixed: true, secrets: []string{"DcT0kenS3cret", "123456789"}},
	{name: "ifttt", url: "ifttt://IfK3yS3cret/?events=e1", fixed: true, secrets: []string{"IfK3yS3cret"}},
	{name: "join", url: "join://shoutrrr:JnK3yS3cret@join/?devices=d1", fixed: true, secrets: []string{"JnK3yS3cret"}},
	{name: "lark", url: "lark://open.larksuite.com/LkT0kenS3cret?secret=LkSignS3cret", fixed: true, secrets: []string{"LkT0kenS3cret", "LkSignS3cret"}},
	{name: "notifiarr", url: "notifiarr://NfK3yS3cret", fixed: true, secrets: []string{"NfK3yS3cret"}},
	{name: "pushbullet", url: "pushbullet://o.pbtokensecretpbtokensecret123456/#chan", fixed: true, secrets: []string{"o.pbtokensecretpbtokensecret123456"}},
	{name: "pushover", url: "pushover://shoutrrr:PoT0kenS3cret@PoUserS3cret/", fixed: true, secrets: []string{"PoT0kenS3cret", "PoUserS3cret"}},
	{name: "slack", url: "slack://hook:T00000000-B00000000-SlS3cretXXXXXXXXXXXXXXXX@webhook", fixed: true, secrets: []string{"SlS3cretXXXXXXXXXXXXXXXX", "T00000000-B00000000"}},
	{name: "teams", url: "teams://11111111-4444-4444-8444-cccccccccccc@22222222-4444-4444-8444-cccccccccccc/33333333012222222222333333333344/44444444-4444-4444-8444-cccccccccccc/V2ESyij_gAljSoUQHvZoZYzlpAoAXExyOl26dlf1xHEx05?host=test.webhook.office.com", fixed: true, secrets: []string{"V2ESyij_gAljSoUQHvZoZYzlpAoAXExyOl26dlf1xHEx05", "11111111-4444-4444-8444-cccccccccccc"}},
	{name: "telegram", url: "telegram://123456789:AATgS3cretT0ken@telegram?chats=12345", fixed: true, secrets: []string{"AATgS3cretT0ken"}},
	{name: "wecom", url: "wecom://WcK3yS3cret", fixed: true, secrets: []string{"WcK3yS3cret"}},
}

// TestServicesCoverShoutrrr fails when shoutrrr offers a service that
// neither services nor refused lists, so that a new service is tested
// before vigil sends to it.
func TestServicesCoverShoutrrr(t *testing.T) {
	for _, name := range (&router.ServiceRouter{}).ListServices() {
		_, no := refused[name]
		if !no && !slices.ContainsFunc(services, func(s service) bool { return s.name == name }) {
			t.Errorf("shoutrrr offers %s://, which the guard and redaction tests do not cover", name)
		}
	}
}

// TestServiceURLsValid keeps services' URLs ones vigil accepts.
func TestServiceURLsValid(t *testing.T) {
	for _, s := range services {
		if err := Check(strings.ReplaceAll(s.url, "HOST", "127.0.0.1:9")); err != nil {
			t.Errorf("%s: Check = %v", s.name, err)
		}
	}
}

// listener is a loopback HTTP server that counts the connections made to
// it, whatever is sent over them.
type listener struct {
	srv   *httptest.Server
	conns atomic.Int64
}

// listen starts a listener on the loopback address addr ("127.0.0.1:0",
// "[::1]:0"), answering every request with status and body.
func listen(t *testing.T, addr string, h http.HandlerFunc) *listener {
	t.Helper()
	ln, err := net.Listen("tcp", addr)
	if err != nil {
		t.Fatalf("listen on %s: %v", addr, err)
	}
	l := &listener{srv: httptest.NewUnstartedServer(h)}
	l.srv.Listener.Close()
	l.srv.Listener = ln
	l.srv.Config.ConnState = func(_ net.Conn, s http.ConnState) {
		if s == http.StateNew {
			l.conns.Add(1)
		}
	}
	l.srv.Start()
	t.Cleanup(l.srv.Close)
	return l
}

// port is the listener's port.
func (l *listener) port() string {
	_, p, _ := net.SplitHostPort(l.srv.Listener.Addr().String())
	return p
}

// answerJSON answers every request 200 with an empty JSON object.
func answerJSON(w http.ResponseWriter, _ *http.Request) {
	w.Header().Set("Content-Type", "application/json")
	_, _ = w.Write([]byte("{}"))
}

// recorder wraps a dial, noting every address asked of it and every
// error it gave.
type recorder struct {
	dial dialFunc

	mu     sync.Mutex
	addrs  []string
	errors []error
}

// DialContext dials through the wrapped dial and notes it.
func (r *recorder) DialContext(ctx context.Context, network, addr string) (net.Conn, error) {
	c, err := r.dial(ctx, network, addr)
	r.mu.Lock()
	defer r.mu.Unlock()
	r.addrs = append(r.addrs, addr)
	r.errors = append(r.errors, err)
	return c, err
}

// seen returns the addresses dialled and the errors, in order.
func (r *recorder) seen() ([]string, []error) {
	r.mu.Lock()
	defer r.mu.Unlock()
	return slices.Clone(r.addrs), slices.Clone(r.errors)
}
