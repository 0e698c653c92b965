package websub_test

import (
	"bytes"
	"crypto/rand"
	"encoding/hex"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"strconv"
	"strings"
	"sync"
	"time"

	"vigil/websub"
)

// hub is a WebSub hub written from the W3C Recommendation for the tests:
// it takes subscription requests (answering 202 Accepted), verifies each
// intent with the subscriber's callback afterwards, grants leases of at
// most maxLease, distributes content to the subscriptions whose lease
// has not ended, signed with their secret, and reports each verification
// on verified.
type hub struct {
	now      func() time.Time
	maxLease time.Duration
	method   string // signing method: sha1, sha256, sha384, sha512
	verified chan string

	mu   sync.Mutex
	subs map[string]*hubSub // by callback
}

// hubSub is one verified subscription.
type hubSub struct {
	topic, callback, secret string
	until                   time.Time
}

func newHub(now func() time.Time, maxLease time.Duration) *hub {
	return &hub{now: now, maxLease: maxLease, method: "sha256", verified: make(chan string, 16), subs: map[string]*hubSub{}}
}

// ServeHTTP takes a subscription request.
func (h *hub) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	if err := r.ParseForm(); err != nil || r.Method != http.MethodPost {
		http.Error(w, "a subscription request is a form POST", http.StatusBadRequest)
		return
	}
	mode, topic, callback := r.PostForm.Get("hub.mode"), r.PostForm.Get("hub.topic"), r.PostForm.Get("hub.callback")
	if (mode != "subscribe" && mode != "unsubscribe") || topic == "" || callback == "" {
		http.Error(w, "hub.mode, hub.topic and hub.callback are required", http.StatusBadRequest)
		return
	}
	lease := h.maxLease
	if s, err := strconv.Atoi(r.PostForm.Get("hub.lease_seconds")); err == nil && s > 0 {
		lease = min(lease, time.Duration(s)*time.Second)
	}
	w.WriteHeader(http.StatusAccepted)
	go h.verify(mode, topic, callback, r.PostForm.Get("hub.secret"), lease)
}

// verify asks the callback to confirm the intent and applies it when the
// callback echoes the challenge.
func (h *hub) verify(mode, topic, callback, secret string, lease time.Duration) {
	ok := h.challenge(mode, topic, callback, lease)
	if ok {
		h.mu.Lock()
		if mode == "subscribe" {
			h.subs[callback] = &hubSub{topic: topic, callback: callback, secret: secret, until: h.now().Add(lease)}
		} else {
			delete(h.subs, callback)
		}
		h.mu.Unlock()
	}
	h.verified <- fmt.Sprintf("%s %v", mode, ok)
}

// challenge sends a verification of intent and reports whether the
// callback echoed the challenge with a 2xx answer.
func (h *hub) challenge(mode, topic, callback string, lease time.Duration) bool {
	c := randomText()
	q := url.Values{"hub.mode": {mode}, "hub.topic": {topic}, "hub.challenge": {c}}
	if mode == "subscribe" {
		q.Set("hub.lease_seconds", strconv.Itoa(int(lease/time.Second)))
	}
	sep := "?"
	if strings.Contains(callback, "?") {
		sep = "&"
	}
	resp, err := http.Get(callback + sep + q.Encode())
	if err != nil {
		return false
	}
	defer resp.Body.Close()
	body, _ := io.ReadAll(resp.Body)
	return resp.StatusCode/100 == 2 && string(body) == c
}

// publish distributes body to every subscription of topic whose lease has
// not ended, signed when it has a secret, and returns their answers'
// status codes.
func (h *hub) publish(topic, contentType string, body []byte) []int {
	return h.deliver(topic, contentType, body, func(s *hubSub) string {
		if s.secret == "" {
			return ""
		}
		return websub.Sign(h.method, []byte(s.secret), body)
	})
}

// deliver posts body to the live subscriptions of topic with the
// signature sign gives.
func (h *hub) deliver(topic, contentType string, body []byte, sign func(*hubSub) string) []int {
	h.mu.Lock()
	var live []*hubSub
	for _, s := range h.subs {
		if s.topic == topic && h.now().Before(s.until) {
			live = append(live, s)
		}
	}
	h.mu.Unlock()
	var codes []int
	for _, s := range live {
		req, _ := http.NewRequest(http.MethodPost, s.callback, bytes.NewReader(body))
		req.Header.Set("Content-Type", contentType)
		req.Header.Add("Link", `<`+topic+`>; rel="self"`)
		if sig := sign(s); sig != "" {
			req.Header.Set(websub.SignatureHeader, sig)
		}
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			codes = append(codes, 0)
			continue
		}
		resp.Body.Close()
		codes = append(codes, resp.StatusCode)
	}
	return codes
}

// active counts the subscriptions whose lease has not ended.
func (h *hub) active() int {
	h.mu.Lock()
	defer h.mu.Unlock()
	n := 0
	for _, s := range h.subs {
		if h.now().Before(s.until) {
			n++
		}
	}
	return n
}

// wait returns the next verification outcome, or "timeout" after 10 s.
func (h *hub) wait() string {
	select {
	case v := <-h.verified:
		return v
	case <-time.After(10 * time.Second):
		return "timeout"
	}
}

func randomText() string {
	b := make([]byte, 12)
	rand.Read(b)
	return hex.EncodeToString(b)
}
