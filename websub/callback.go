package websub

import (
	"context"
	"crypto/subtle"
	"errors"
	"io"
	"net/http"
	"strconv"
	"strings"
	"time"

	"vigil"
	"vigil/fetch"
)

// MaxContent caps the body of a content distribution, as fetches are
// capped.
const MaxContent = fetch.DefaultMaxBodyBytes

// ServeHTTP answers the hubs at CallbackPath{feed}/{key}: a GET is a
// verification of intent (or a denial), a POST a content distribution.
// An unknown feed or key is 404 Not Found, so that callbacks cannot be
// guessed.
func (s *Subscriber) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	p, ok := s.lookup(r)
	if !ok {
		http.NotFound(w, r)
		return
	}
	switch r.Method {
	case http.MethodGet:
		s.verify(w, r, p)
	case http.MethodPost:
		s.content(w, r, p)
	default:
		w.Header().Set("Allow", "GET, POST")
		http.Error(w, "a WebSub callback takes GET (verification) or POST (content)", http.StatusMethodNotAllowed)
	}
}

// lookup returns the subscription the request's path names, if its key
// matches.
func (s *Subscriber) lookup(r *http.Request) (*vigil.Push, bool) {
	rest, ok := strings.CutPrefix(r.URL.Path, CallbackPath)
	id, key, found := strings.Cut(rest, "/")
	feedID, err := strconv.ParseInt(id, 10, 64)
	if !ok || !found || err != nil || key == "" {
		return nil, false
	}
	p, err := s.Store.Push(r.Context(), feedID)
	if err != nil {
		if vigil.ErrorCode(err) != vigil.ENOTFOUND {
			s.log().Error("reading the WebSub subscription", "feed", feedID, "error", err)
		}
		return nil, false
	}
	return p, subtle.ConstantTimeCompare([]byte(key), []byte(p.Key)) == 1
}

// verify answers a hub's verification of intent: it echoes hub.challenge
// only when the mode and topic are those of the intent vigil has pending
// (a subscription asked and not yet verified, or an unsubscription), and
// records the verified lease; a denial is recorded with its reason.
func (s *Subscriber) verify(w http.ResponseWriter, r *http.Request, p *vigil.Push) {
	q := r.URL.Query()
	mode, topic, challenge := q.Get("hub.mode"), q.Get("hub.topic"), q.Get("hub.challenge")
	if topic != p.Topic {
		http.Error(w, "no intent pending for that topic", http.StatusNotFound)
		return
	}
	now := s.now()
	var err error
	switch {
	case mode == "denied":
		p.State, p.LeaseUntil = vigil.PushDenied, time.Time{}
		p.Note = "the hub denied the subscription: " + strings.TrimSpace(q.Get("hub.reason"))
		err = s.Store.SavePush(r.Context(), *p)
		challenge = ""
	case mode == "subscribe" && p.State == vigil.PushPending && challenge != "":
		lease, lerr := strconv.ParseInt(q.Get("hub.lease_seconds"), 10, 64)
		if lerr != nil || lease <= 0 {
			http.Error(w, "hub.lease_seconds is not a positive number of seconds", http.StatusNotFound)
			return
		}
		p.State, p.LeaseUntil, p.Note = vigil.PushActive, now.Add(time.Duration(lease)*time.Second), ""
		err = s.Store.SavePush(r.Context(), *p)
	case mode == "unsubscribe" && p.State == vigil.PushLeaving && challenge != "":
		err = s.Store.RemovePush(r.Context(), p.FeedID)
	default:
		http.Error(w, "no "+mode+" intent pending for that topic", http.StatusNotFound)
		return
	}
	if err != nil {
		s.log().Error("recording a WebSub verification", "feed", p.FeedID, "mode", mode, "error", err)
		http.Error(w, "unable to record the verification", http.StatusInternalServerError)
		return
	}
	s.log().Info("WebSub intent verified", "feed", p.FeedID, "mode", mode, "hub", fetch.RedactURL(p.Hub))
	w.Header().Set("Content-Type", "text/plain; charset=utf-8")
	io.WriteString(w, challenge)
}

// content stores a content distribution: with a secret, only when its
// X-Hub-Signature matches (a missing or bad one is refused with 403 and
// stores nothing); content that is not a feed is refused with 400.
func (s *Subscriber) content(w http.ResponseWriter, r *http.Request, p *vigil.Push) {
	body, err := io.ReadAll(http.MaxBytesReader(w, r.Body, MaxContent))
	if err != nil {
		http.Error(w, "the content is larger than 10 MiB", http.StatusRequestEntityTooLarge)
		return
	}
	if p.Secret != "" {
		if err := CheckSignature(r.Header.Get(SignatureHeader), []byte(p.Secret), body); err != nil {
			s.log().Warn("WebSub content refused", "feed", p.FeedID, "error", err)
			http.Error(w, err.Error(), http.StatusForbidden)
			return
		}
	}
	now := s.now()
	ing, err := s.Ingest.IngestPush(r.Context(), p.FeedID, body, r.Header.Get("Content-Type"), now)
	if err != nil {
		code := http.StatusInternalServerError
		if vigil.ErrorCode(err) == vigil.EINVALID {
			code = http.StatusBadRequest
		}
		s.log().Warn("WebSub content not stored", "feed", p.FeedID, "error", err)
		http.Error(w, err.Error(), code)
		return
	}
	s.touch(r.Context(), p.FeedID, now)
	s.log().Info("WebSub content stored", "feed", p.FeedID, "new", len(ing.New), "updated", len(ing.Updated))
	w.WriteHeader(http.StatusNoContent)
}

// touch records when the feed's hub last pushed, on the subscription as
// stored now.
func (s *Subscriber) touch(ctx context.Context, feedID int64, at time.Time) {
	p, err := s.Store.Push(ctx, feedID)
	if err == nil {
		p.LastPush = at
		err = s.Store.SavePush(ctx, *p)
	}
	if err != nil && !errors.Is(err, context.Canceled) && vigil.ErrorCode(err) != vigil.ENOTFOUND {
		s.log().Error("recording a WebSub push", "feed", feedID, "error", err)
	}
}
