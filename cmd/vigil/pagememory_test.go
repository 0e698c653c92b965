package main

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"math/rand/v2"
	"net/http"
	"net/http/httptest"
	"os/exec"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"vigil"
	"vigil/account"
	"vigil/internal/courtcal"
)

// The targets BenchmarkPageMemory checks, in MiB of peak resident memory.
const (
	pageFetchMaxMiB = 150 // one `vigil fetch` of a 10 MiB page
	diffServeMaxMiB = 300 // `vigil serve` answering 8 diff views at once
	diffRequests    = 8
)

// hostilePage returns 10 MiB of random bytes, seeded by version: served
// as text/html, the worst case of the extract and the diff view.
func hostilePage(version uint64) []byte {
	r := rand.New(rand.NewPCG(version, 11))
	b := make([]byte, 10<<20)
	for i := range b {
		b[i] = byte(r.Uint32())
	}
	return b
}

// BenchmarkPageMemory measures the memory of a hostile page: 10 MiB of
// random bytes served as text/html on loopback. Two `vigil fetch --all`
// processes fetch two versions of it in turn (the second one measured
// against the first: a change), and fetch1-MiB and fetch2-MiB are their
// peak resident sets (VmHWM, see watchPeak); then `vigil serve` answers
// 8 concurrent requests of that change's diff view (the API's
// GET /api/changes/{id}), all of which must answer 200, and serve-MiB is
// its peak. It fails when a fetch passes 150 MiB or serve 300 MiB. Run it
// with -benchtime 1x.
//
// The calendar sub-benchmark does the same with a 10 MiB court calendar
// (courtcal.Series), whose second version adds a hearing past the first
// MiB: a page of real structure, many lines and few distinct words.
func BenchmarkPageMemory(b *testing.B) {
	b.Run("random", func(b *testing.B) { pageMemory(b, hostilePage) })
	b.Run("calendar", func(b *testing.B) {
		versions := courtcal.Series(9, 10<<20-64<<10, 3, 1<<20)
		pageMemory(b, func(version uint64) []byte { return versions[version].Body })
	})
}

// pageMemory is BenchmarkPageMemory of the pages page(1) and page(2).
func pageMemory(b *testing.B, page func(version uint64) []byte) {
	for range b.N {
		var version atomic.Uint64
		site := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, _ *http.Request) {
			w.Header().Set("Content-Type", "text/html")
			w.Write(page(version.Load()))
		}))
		db, st := loadStore(b, 0)
		ctx := context.Background()
		const token = "page-memory-token"
		u := &vigil.User{Name: "ann", TokenHash: account.HashToken(token)}
		if err := st.CreateUser(ctx, u); err != nil {
			b.Fatal(err)
		}
		sub, err := st.FollowPage(ctx, u.ID, site.URL+"/random", 1, time.Now())
		if err != nil {
			b.Fatal(err)
		}
		st.Close()
		for i := range 2 {
			version.Add(1)
			peak := measureRun(b, exec.Command(vigilBin, "fetch", "--all", "--db", db, "--allow-private", "--host-gap", "0"), "1 feed(s), 0 failed")
			b.ReportMetric(peak, fmt.Sprintf("fetch%d-MiB", i+1))
			if peak > pageFetchMaxMiB {
				b.Errorf("fetch %d peaked at %.1f MiB, over %d", i+1, peak, pageFetchMaxMiB)
			}
		}
		site.Close()
		peak := serveDiffs(b, db, token, sub.Feed.ID)
		b.ReportMetric(peak, "serve-MiB")
		if peak > diffServeMaxMiB {
			b.Errorf("serve peaked at %.1f MiB answering %d diff views, over %d", peak, diffRequests, diffServeMaxMiB)
		}
	}
}

// measureRun runs cmd, checks that its output says want, and returns its
// peak resident set in MiB.
func measureRun(b *testing.B, cmd *exec.Cmd, want string) float64 {
	b.Helper()
	var out bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &out
	if err := cmd.Start(); err != nil {
		b.Fatal(err)
	}
	stop := make(chan struct{})
	peak := watchPeak(cmd.Process.Pid, stop)
	err := cmd.Wait()
	close(stop)
	kib := peak()
	if err != nil || !strings.Contains(out.String(), want) {
		b.Fatalf("%v: %v\n%s", cmd.Args, err, out.Bytes())
	}
	return float64(kib) / 1024
}

// serveDiffs starts `vigil serve` on db without its monitor, asks for the
// diff view of the page's change diffRequests times at once, checks every
// answer, stops serve and returns its peak resident set in MiB.
func serveDiffs(b *testing.B, db, token string, feedID int64) float64 {
	b.Helper()
	cmd := exec.Command(vigilBin, "serve", "--db", db, "--addr", "127.0.0.1:0", "--no-monitor")
	stderr, err := cmd.StderrPipe()
	if err != nil {
		b.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		b.Fatal(err)
	}
	stop := make(chan struct{})
	peak := watchPeak(cmd.Process.Pid, stop)
	defer func() {
		cmd.Process.Kill()
		cmd.Wait()
	}()
	lines := bufio.NewScanner(stderr)
	addr := ""
	for addr == "" && lines.Scan() {
		if m := addrRE.FindStringSubmatch(lines.Text()); m != nil {
			addr = m[1]
		}
	}
	if addr == "" {
		b.Fatal("vigil serve exited before listening")
	}
	go io.Copy(io.Discard, stderr)
	base := "http://" + addr
	var list struct {
		Changes []struct{ ID int64 } `json:"changes"`
	}
	if err := json.Unmarshal(getWithToken(b, fmt.Sprintf("%s/api/changes?page=%d", base, feedID), token), &list); err != nil || len(list.Changes) != 1 {
		b.Fatalf("changes: %+v, %v", list, err)
	}
	var wg sync.WaitGroup
	for range diffRequests {
		wg.Add(1)
		go func() {
			defer wg.Done()
			body := getWithToken(b, fmt.Sprintf("%s/api/changes/%d", base, list.Changes[0].ID), token)
			if !bytes.Contains(body, []byte(`"diff"`)) {
				b.Errorf("a diff view answered without its diff: %.200s", body)
			}
		}()
	}
	wg.Wait()
	cmd.Process.Kill()
	cmd.Wait()
	close(stop)
	return float64(peak()) / 1024
}

// getWithToken GETs url with the API token and returns the body of a 200
// answer.
func getWithToken(b *testing.B, url, token string) []byte {
	req, err := http.NewRequest("GET", url, nil)
	if err != nil {
		b.Error(err)
		return nil
	}
	req.Header.Set("Authorization", "Bearer "+token)
	client := &http.Client{Timeout: 5 * time.Minute}
	resp, err := client.Do(req)
	if err != nil {
		b.Error(err)
		return nil
	}
	defer resp.Body.Close()
	body, _ := io.ReadAll(resp.Body)
	if resp.StatusCode != http.StatusOK {
		b.Errorf("GET %s: %d %.300s", url, resp.StatusCode, body)
	}
	return body
}
