package server

import (
	"context"
	"net/http"
	"sync"
	"testing"
	"time"
)

func TestReadingRecordsAccessesOncePerMinute(t *testing.T) {
	var mu sync.Mutex
	now := testNow
	e := newEnv(t, Config{Now: func() time.Time { mu.Lock(); defer mu.Unlock(); return now }})
	ann := e.user("ann")
	list := func() {
		if code, body := e.call(http.MethodGet, "/api/items", ann.token, nil); code != http.StatusOK {
			t.Fatalf("listing items: %d %s", code, body)
		}
	}
	for range 3 {
		list()
	}
	mu.Lock()
	now = now.Add(2 * time.Minute)
	mu.Unlock()
	list()
	got, err := e.st.Accesses(context.Background(), time.Time{})
	if err != nil {
		t.Fatal(err)
	}
	if n := len(got[ann.ID]); n != 2 {
		t.Fatalf("%d accesses recorded for 4 listings over 2 minutes, want 2", n)
	}
}
