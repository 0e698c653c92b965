// Package websubtest is a WebSub hub written from the W3C Recommendation,
// for tests on loopback: it takes subscription requests, verifies intents
// with the subscriber's callback, grants leases and distributes signed
// content.
package websubtest

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

// Hub is a WebSub hub written from the W3C Recommendation for tests:
// it takes subscription requests (answering 202 Accepted), verifies each
// intent with the subscriber's callback afterwards, grants leases of at
// most maxLease, distributes content to the subscriptions whose lease
// has not ended, signed with their secret, and tells each verification's
// outcome to Wait.
type Hub struct {
	now      func() time.Time
	maxLease time.Duration
	// Method is the signing method: sha1, sha256 (the default), sha384
	// or sha512.
	Method   string
	verified chan string // each verification: "subscribe true", "unsubscribe false"...

	mu   sync.Mutex
	subs map[string]*Sub // by callback
}

// Sub is one verified subscription.
type Sub struct {
	Topic, Callback, Secret string
	Until                   time.Time
}

// NewHub returns a hub on the clock now that grants leases of at most
// maxLease.
func NewHub(now func() time.Time, maxLease time.Duration) *Hub {
	return &Hub{now: now, maxLease: maxLease, Method: "sha256", verified: make(chan string, 16), subs: map[string]*Sub{}}
}

// ServeHTTP takes a subscription request.
func (h *Hub) ServeHTTP(w http.ResponseWriter, r *http.Request) {
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
func (h *Hub) verify(mode, topic, callback, secret string, lease time.Duration) {
	ok := h.challenge(mode, topic, callback, lease)
	if ok {
		h.mu.Lock()
		if mode == "subscribe" {
			h.subs[callback] = &Sub{Topic: topic, Callback: callback, Secret: secret, Until: h.now().Add(lease)}
		} else {
			delete(h.subs, callback)
		}
		h.mu.Unlock()
	}
	h.verified <- fmt.Sprintf("%s %v", mode, ok)
}

// challenge sends a verification of intent and reports whether the
// callback echoed the challenge with a 2xx answer.
func (h *Hub) challenge(mode, topic, callback string, lease time.Duration) bool {
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

// Publish distributes body to every subscription of topic whose lease has
// not ended, signed when it has a secret, and returns their answers'
// status codes.
func (h *Hub) Publish(topic, contentType string, body []byte) []int {
	return h.Deliver(topic, contentType, body, func(s *Sub) string {
		if s.Secret == "" {
			return ""
		}
		return websub.Sign(h.Method, []byte(s.Secret), body)
	})
}

// Deliver posts body to the live subscriptions of topic with the
// signature sign gives.
func (h *Hub) Deliver(topic, contentType string, body []byte, sign func(*Sub) string) []int {
	h.mu.Lock()
	var live []*Sub
	for _, s := range h.subs {
		if s.Topic == topic && h.now().Before(s.Until) {
			live = append(live, s)
		}
	}
	h.mu.Unlock()
	var codes []int
	for _, s := range live {
		req, _ := http.NewRequest(http.MethodPost, s.Callback, bytes.NewReader(body))
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

// Active counts the subscriptions whose lease has not ended.
func (h *Hub) Active() int {
	h.mu.Lock()
	defer h.mu.Unlock()
	n := 0
	for _, s := range h.subs {
		if h.now().Before(s.Until) {
			n++
		}
	}
	return n
}

// Wait returns the next verification outcome, or "timeout" after 10 s.
func (h *Hub) Wait() string {
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
