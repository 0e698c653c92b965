package notify

import (
	"net/http"
	"sync"
	"sync/atomic"
)

// Some notification services send through net/http's default client and
// transport, which vigil cannot hand a guarded one. So the first send
// replaces http.DefaultTransport, for the whole process, with a switch
// that passes every request to the transport it replaced except while a
// send runs: sends then take turns, and the default transport's requests
// go through the running send's route (route.go), under the address guard
// unless that send allows private addresses. A turn lasts until the
// service's Send returns, never less: the route bounds each request and
// the whole send in time, so a service cannot keep a request going past
// its turn and out through the unguarded transport. vigil's own requests
// never use the default transport.
var (
	installSwitch sync.Once
	sendTurn      sync.Mutex
	during        atomic.Pointer[route] // the route of the send running, nil outside sends
	outside       http.RoundTripper     // the default transport the switch replaced
)

// switchTransport is what http.DefaultTransport becomes.
type switchTransport struct{}

// RoundTrip sends r through the running send's route, if any.
func (switchTransport) RoundTrip(r *http.Request) (*http.Response, error) {
	if rt := during.Load(); rt != nil {
		return rt.RoundTrip(r)
	}
	return outside.RoundTrip(r)
}

// inTurn runs send with the default transport's requests going through
// rt, waiting for the sends before it to end.
func inTurn(rt *route, send func() error) error {
	installSwitch.Do(func() {
		outside = http.DefaultTransport
		http.DefaultTransport = switchTransport{}
	})
	sendTurn.Lock()
	defer sendTurn.Unlock()
	during.Store(rt)
	defer during.Store(nil)
	return send()
}
