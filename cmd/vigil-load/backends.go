package main

import (
	"bytes"
	"context"
	"fmt"
	"os"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/jackc/pgx/v5"
)

// backendWatch follows the CPU time of the PostgreSQL server processes
// (backends) serving one database, on this machine: it lists them from
// pg_stat_activity and reads each one's user and system time from
// /proc/PID/stat every interval, keeping the last reading of each (the
// harness's own sessions, application name harnessApp, left out). A
// backend's CPU after its last reading (at most one interval's) and a
// backend that lives less than an interval are missed.
type backendWatch struct {
	conn     *pgx.Conn
	datname  string
	interval time.Duration

	mu   sync.Mutex
	last map[int32]time.Duration // each backend's latest reading
	err  error
	stop chan struct{}
	done chan struct{}
}

// watchBackends starts watching the backends of database datname through
// the admin connection URL admin.
func watchBackends(ctx context.Context, admin, datname string, interval time.Duration) (*backendWatch, error) {
	conn, err := pgx.Connect(ctx, admin)
	if err != nil {
		return nil, fmt.Errorf("connecting to watch the server's processes: %w", err)
	}
	w := &backendWatch{conn: conn, datname: datname, interval: interval, last: map[int32]time.Duration{},
		stop: make(chan struct{}), done: make(chan struct{})}
	go w.loop(ctx)
	return w, nil
}

// loop reads the backends every interval until stopped.
func (w *backendWatch) loop(ctx context.Context) {
	defer close(w.done)
	t := time.NewTicker(w.interval)
	defer t.Stop()
	for {
		if err := w.read(ctx); err != nil {
			w.mu.Lock()
			w.err = err
			w.mu.Unlock()
			return
		}
		select {
		case <-w.stop:
			return
		case <-ctx.Done():
			return
		case <-t.C:
		}
	}
}

// read lists the database's backends and reads their CPU time.
func (w *backendWatch) read(ctx context.Context) error {
	rows, err := w.conn.Query(ctx, `SELECT pid FROM pg_stat_activity WHERE datname = $1 AND application_name <> $2`, w.datname, harnessApp)
	if err != nil {
		return fmt.Errorf("listing the server's processes: %w", err)
	}
	pids, err := pgx.CollectRows(rows, pgx.RowTo[int32])
	if err != nil {
		return fmt.Errorf("listing the server's processes: %w", err)
	}
	w.mu.Lock()
	defer w.mu.Unlock()
	for _, pid := range pids {
		if cpu, err := pidCPU(int(pid)); err == nil { // a backend gone meanwhile keeps its last reading
			w.last[pid] = max(w.last[pid], cpu)
		}
	}
	return nil
}

// total stops the watch, reads once more, and returns the CPU time of
// every backend seen since it started (each since its own start).
func (w *backendWatch) total(ctx context.Context) (time.Duration, int, error) {
	close(w.stop)
	<-w.done
	defer w.conn.Close(ctx)
	if w.err == nil {
		w.err = w.read(ctx)
	}
	var sum time.Duration
	for _, cpu := range w.last {
		sum += cpu
	}
	return sum, len(w.last), w.err
}

// pidCPU reads a process's user and system CPU time from /proc/PID/stat
// (fields 14 and 15, in clock ticks of 1/100 s on Linux).
func pidCPU(pid int) (time.Duration, error) {
	data, err := os.ReadFile(fmt.Sprintf("/proc/%d/stat", pid))
	if err != nil {
		return 0, err
	}
	// The command name, field 2, is in parentheses and may hold spaces.
	fields := strings.Fields(string(data[bytes.LastIndexByte(data, ')')+1:]))
	if len(fields) < 13 {
		return 0, fmt.Errorf("/proc/%d/stat: too few fields", pid)
	}
	var ticks int64
	for _, f := range fields[11:13] { // utime and stime: fields 14 and 15
		n, err := strconv.ParseInt(f, 10, 64)
		if err != nil {
			return 0, fmt.Errorf("/proc/%d/stat: %w", pid, err)
		}
		ticks += n
	}
	return time.Duration(ticks) * 10 * time.Millisecond, nil
}
