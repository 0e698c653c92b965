package reading

import (
	"context"
	"errors"
	"net/url"
	"strings"
	"sync"
	"sync/atomic"
	"testing"

	"vigil/change"
)

func TestDiffViewsComputeEachViewOnce(t *testing.T) {
	d := newDiffViews(1 << 20)
	var computed atomic.Int32
	release := make(chan struct{})
	compute := func() (change.DiffView, error) {
		computed.Add(1)
		<-release
		return change.DiffView{HTML: "<p>x</p>"}, nil
	}
	var wg sync.WaitGroup
	for range 8 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			if v, err := d.get(context.Background(), diffKey{from: 1, to: 2}, compute); err != nil || v.HTML != "<p>x</p>" {
				t.Errorf("view %q, %v", v.HTML, err)
			}
		}()
	}
	close(release)
	wg.Wait()
	if _, err := d.get(context.Background(), diffKey{from: 1, to: 2}, compute); err != nil {
		t.Fatal(err)
	}
	if n := computed.Load(); n != 1 {
		t.Errorf("computed %d times, want once", n)
	}
}

func TestDiffViewsAreBoundedInBytes(t *testing.T) {
	d := newDiffViews(100)
	view := func(n int) func() (change.DiffView, error) {
		return func() (change.DiffView, error) { return change.DiffView{HTML: strings.Repeat("x", n)}, nil }
	}
	for i := range int64(5) {
		if _, err := d.get(context.Background(), diffKey{from: i, to: i + 1}, view(40)); err != nil {
			t.Fatal(err)
		}
	}
	if _, err := d.get(context.Background(), diffKey{from: 9, to: 10}, view(500)); err != nil {
		t.Fatal(err)
	}
	if d.used > 100 || len(d.byKey) != 2 {
		t.Errorf("%d bytes in %d views kept, limit 100", d.used, len(d.byKey))
	}
}

func TestDiffViewsGiveUpWithTheContext(t *testing.T) {
	d := newDiffViews(1 << 20)
	release := make(chan struct{})
	defer close(release)
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	_, err := d.get(ctx, diffKey{from: 1, to: 2}, func() (change.DiffView, error) { <-release; return change.DiffView{}, nil })
	if !errors.Is(err, context.Canceled) {
		t.Errorf("err = %v, want the context's", err)
	}
}

func TestParseDiffQuery(t *testing.T) {
	tests := []struct {
		query   string
		want    DiffQuery
		problem string
	}{
		{"", DefaultDiffQuery(), ""},
		{"from=3&to=7&context=all&layout=side&words=0", DiffQuery{From: 3, To: 7, Options: change.DiffOptions{Context: -1, SideBySide: true}}, ""},
		{"context=10", DiffQuery{Options: change.DiffOptions{Context: 10, Words: true}}, ""},
		{"from=x", DiffQuery{}, "from must be a version number"},
		{"context=-2", DiffQuery{}, "context must be 0 to 1000"},
		{"layout=diagonal", DiffQuery{}, "layout must be inline or side"},
		{"words=maybe", DiffQuery{}, "words must be 0 or 1"},
	}
	for _, tt := range tests {
		t.Run(tt.query, func(t *testing.T) {
			v, _ := url.ParseQuery(tt.query)
			got, err := ParseDiffQuery(v)
			if tt.problem != "" {
				if err == nil || !strings.Contains(err.Error(), tt.problem) {
					t.Errorf("err = %v, want %q", err, tt.problem)
				}
				return
			}
			if err != nil || got != tt.want {
				t.Errorf("got %+v, %v; want %+v", got, err, tt.want)
			}
		})
	}
}
