package notify

import (
	"net/http"
	"sync"
	"sync/atomic"

	"vigil/fetch"
)

// The notification services send through net/http's default client and
// transport, which vigil cannot hand a guarded one. So the first send
// replaces http.DefaultTransport, for the whole process, with a switch
// that passes every request to the transport it replaced except while a
// send runs: sends then take turns, and their requests go through a
// transport with the address guard of fetches (or without it, when the
// send allows private addresses). vigil's own requests never use the
// default transport.
var (
	installSwitch sync.Once
	sendTurn      sync.Mutex
	during        atomic.Pointer[http.Transport] // the transport of the send running, nil outside sends
	transports    = map[bool]*http.Transport{}   // by allowPrivate, made on first use under sendTurn
)

// switchTransport is what http.DefaultTransport becomes.
type switchTransport struct{ outside http.RoundTripper }

// RoundTrip sends r through the running send's transport, if any.
func (t switchTransport) RoundTrip(r *http.Request) (*http.Response, error) {
	if tr := during.Load(); tr != nil {
		return tr.RoundTrip(r)
	}
	return t.outside.RoundTrip(r)
}

// guarded runs send, a notification service's sending, with its requests
// under the address guard unless allowPrivate.
func guarded(allowPrivate bool, send func() []error) []error {
	installSwitch.Do(func() { http.DefaultTransport = switchTransport{outside: http.DefaultTransport} })
	sendTurn.Lock()
	defer sendTurn.Unlock()
	tr, ok := transports[allowPrivate]
	if !ok {
		tr = fetch.NewSendTransport(fetch.Config{AllowPrivate: allowPrivate})
		transports[allowPrivate] = tr
	}
	during.Store(tr)
	defer during.Store(nil)
	return send()
}
