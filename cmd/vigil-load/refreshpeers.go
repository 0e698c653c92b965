package main

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"net"
	"net/http"
	"net/url"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"time"

	"github.com/jackc/pgx/v5"
)

// refresher is an application whose refresh cycles a refresh run
// measures: vigil, or a peer such as Miniflux, each run as the user built
// it (a binary), in a PostgreSQL database of its own.
type refresher interface {
	// name names it in the report.
	name() string
	// database is the name of its database, whose server processes count.
	database() string
	// setup makes its database afresh and subscribes one user to every
	// feed of opmlFile.
	setup(ctx context.Context, opmlFile string) error
	// refresh fetches every subscribed feed once, in a process that ends,
	// and returns that process's CPU time.
	refresh(ctx context.Context) (time.Duration, error)
	// items counts the items it stores.
	items(ctx context.Context) (int, error)
}

// harnessApp is the application name of the harness's own database
// sessions, whose server processes are not counted.
const harnessApp = "vigil-load"

// dbURL is the admin URL admin with its database replaced by name.
func dbURL(admin, name string) (string, error) {
	u, err := url.Parse(admin)
	if err != nil {
		return "", fmt.Errorf("--pg: %w", err)
	}
	u.Path = "/" + name
	return u.String(), nil
}

// harnessConn connects to database name as the harness.
func harnessConn(ctx context.Context, admin, name string) (*pgx.Conn, error) {
	u, err := dbURL(admin, name)
	if err != nil {
		return nil, err
	}
	cfg, err := pgx.ParseConfig(u)
	if err != nil {
		return nil, fmt.Errorf("--pg: %w", err)
	}
	cfg.RuntimeParams["application_name"] = harnessApp
	return pgx.ConnectConfig(ctx, cfg)
}

// recreate drops database name, if it exists, and creates it empty.
func recreate(ctx context.Context, admin, name string) error {
	conn, err := harnessConn(ctx, admin, "postgres")
	if err != nil {
		return err
	}
	defer conn.Close(ctx)
	id := pgx.Identifier{name}.Sanitize()
	if _, err := conn.Exec(ctx, `DROP DATABASE IF EXISTS `+id+` WITH (FORCE)`); err != nil {
		return fmt.Errorf("dropping database %s: %w", name, err)
	}
	if _, err := conn.Exec(ctx, `CREATE DATABASE `+id); err != nil {
		return fmt.Errorf("creating database %s: %w", name, err)
	}
	return nil
}

// countRows counts the rows of table in database name.
func countRows(ctx context.Context, admin, name, table string) (int, error) {
	conn, err := harnessConn(ctx, admin, name)
	if err != nil {
		return 0, err
	}
	defer conn.Close(ctx)
	var n int
	err = conn.QueryRow(ctx, `SELECT count(*) FROM `+pgx.Identifier{table}.Sanitize()).Scan(&n)
	return n, err
}

// runProcess runs cmd to its end and returns its CPU time (user and
// system, its threads included), or an error with its output.
func runProcess(cmd *exec.Cmd) (time.Duration, []byte, error) {
	var out bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &out
	if err := cmd.Run(); err != nil {
		return 0, out.Bytes(), fmt.Errorf("%s: %w\n%s", filepath.Base(cmd.Path), err, tail(out.Bytes()))
	}
	return cmd.ProcessState.UserTime() + cmd.ProcessState.SystemTime(), out.Bytes(), nil
}

// tail is the last lines of a process's output, for an error.
func tail(out []byte) string {
	lines := strings.Split(strings.TrimSpace(string(out)), "\n")
	return strings.Join(lines[max(0, len(lines)-10):], "\n")
}

// vigilRefresher runs `vigil fetch --all` of the binary bin.
type vigilRefresher struct {
	bin, admin string
	prefix     string // of its database's name
	fetchers   int
	feeds      int
	extra      []string // more flags of vigil fetch
}

func (v *vigilRefresher) name() string     { return "vigil" }
func (v *vigilRefresher) database() string { return v.prefix + "_vigil" }

func (v *vigilRefresher) url() string {
	u, _ := dbURL(v.admin, v.database()) // checked by setup
	return u
}

func (v *vigilRefresher) setup(ctx context.Context, opmlFile string) error {
	if _, err := dbURL(v.admin, v.database()); err != nil {
		return err
	}
	if err := recreate(ctx, v.admin, v.database()); err != nil {
		return err
	}
	for _, args := range [][]string{{"user", "add", "ann", "--db", v.url()}, {"import", "--db", v.url(), "--user", "ann", opmlFile}} {
		if _, _, err := runProcess(exec.CommandContext(ctx, v.bin, args...)); err != nil {
			return err
		}
	}
	return nil
}

func (v *vigilRefresher) refresh(ctx context.Context) (time.Duration, error) {
	args := append([]string{"fetch", "--all", "--db", v.url(), "--allow-private", "--host-gap", "0",
		"--per-host", strconv.Itoa(v.fetchers), "--workers", strconv.Itoa(v.fetchers)}, v.extra...)
	cpu, out, err := runProcess(exec.CommandContext(ctx, v.bin, args...))
	if err != nil {
		return 0, err
	}
	if want := fmt.Sprintf("fetched %d feed(s), 0 failed", v.feeds); !bytes.Contains(out, []byte(want)) {
		return 0, fmt.Errorf("vigil fetch did not fetch every feed (want %q):\n%s", want, tail(out))
	}
	return cpu, nil
}

func (v *vigilRefresher) items(ctx context.Context) (int, error) {
	return countRows(ctx, v.admin, v.database(), "items")
}

// minifluxRefresher runs Miniflux's `miniflux -refresh-feeds` of the
// binary bin, configured through its environment: every feed in one batch,
// fetchers workers, as many idle database connections kept, loopback feeds
// allowed, warnings only in its log.
// Miniflux fetches a feed when its next_check_at has passed: before each
// cycle the harness moves every feed's to the past, as its scheduler's
// polling frequency would once it passed.
type minifluxRefresher struct {
	bin, admin string
	prefix     string // of its database's name
	fetchers   int
	feeds      int
}

func (m *minifluxRefresher) name() string     { return "miniflux" }
func (m *minifluxRefresher) database() string { return m.prefix + "_miniflux" }

// env is Miniflux's environment for database name.
func (m *minifluxRefresher) env(extra ...string) []string {
	u, _ := dbURL(m.admin, m.database()) // checked by setup
	env := []string{"DATABASE_URL=" + u, "BATCH_SIZE=" + strconv.Itoa(m.feeds+1), "WORKER_POOL_SIZE=" + strconv.Itoa(m.fetchers),
		"FETCHER_ALLOW_PRIVATE_NETWORKS=1", "POLLING_PARSING_ERROR_LIMIT=0", "LOG_LEVEL=warning", "POLLING_FREQUENCY=1440",
		// Idle connections kept for every worker: with its default of 1
		// each refresh opens and closes connections, a server process
		// each (138 of them in an unchanged cycle of 1,000 feeds).
		"DATABASE_MIN_CONNS=" + strconv.Itoa(m.fetchers+1),
		"PATH=" + os.Getenv("PATH"), "HOME=" + os.TempDir()}
	return append(env, extra...)
}

// setup makes Miniflux's database (its own migrations and admin, through
// its environment), starts its server long enough to import the OPML
// through its API, and stops it.
func (m *minifluxRefresher) setup(ctx context.Context, opmlFile string) error {
	if _, err := dbURL(m.admin, m.database()); err != nil {
		return err
	}
	if err := recreate(ctx, m.admin, m.database()); err != nil {
		return err
	}
	port, err := freePort()
	if err != nil {
		return err
	}
	addr := "127.0.0.1:" + strconv.Itoa(port)
	cmd := exec.CommandContext(ctx, m.bin)
	cmd.Env = m.env("RUN_MIGRATIONS=1", "CREATE_ADMIN=1", "ADMIN_USERNAME=admin", "ADMIN_PASSWORD=refresh-run-pw", "LISTEN_ADDR="+addr)
	var out bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &out
	if err := cmd.Start(); err != nil {
		return fmt.Errorf("starting miniflux: %w", err)
	}
	defer func() {
		cmd.Process.Signal(syscall.SIGTERM)
		cmd.Wait()
	}()
	if err := waitHealthy(ctx, "http://"+addr+"/healthcheck"); err != nil {
		return fmt.Errorf("miniflux did not start: %w\n%s", err, tail(out.Bytes()))
	}
	return importOPML(ctx, "http://"+addr+"/v1/import", opmlFile)
}

// freePort is a loopback port free now.
func freePort() (int, error) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return 0, err
	}
	defer ln.Close()
	return ln.Addr().(*net.TCPAddr).Port, nil
}

// waitHealthy waits up to a minute for url to answer 200.
func waitHealthy(ctx context.Context, url string) error {
	deadline := time.Now().Add(time.Minute)
	for {
		resp, err := http.Get(url)
		if err == nil {
			resp.Body.Close()
			if resp.StatusCode == http.StatusOK {
				return nil
			}
		}
		if time.Now().After(deadline) {
			return errors.New("no answer from " + url)
		}
		select {
		case <-ctx.Done():
			return ctx.Err()
		case <-time.After(200 * time.Millisecond):
		}
	}
}

// importOPML posts the OPML file to Miniflux's import endpoint as its
// admin.
func importOPML(ctx context.Context, endpoint, opmlFile string) error {
	doc, err := os.ReadFile(opmlFile)
	if err != nil {
		return err
	}
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, endpoint, bytes.NewReader(doc))
	if err != nil {
		return err
	}
	req.SetBasicAuth("admin", "refresh-run-pw")
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		return fmt.Errorf("importing the OPML into miniflux: %w", err)
	}
	defer resp.Body.Close()
	if resp.StatusCode != http.StatusCreated {
		return fmt.Errorf("importing the OPML into miniflux: %s", resp.Status)
	}
	return nil
}

func (m *minifluxRefresher) refresh(ctx context.Context) (time.Duration, error) {
	conn, err := harnessConn(ctx, m.admin, m.database())
	if err != nil {
		return 0, err
	}
	_, err = conn.Exec(ctx, `UPDATE feeds SET next_check_at = now() - interval '1 minute'`)
	conn.Close(ctx)
	if err != nil {
		return 0, fmt.Errorf("making miniflux's feeds due: %w", err)
	}
	cmd := exec.CommandContext(ctx, m.bin, "-refresh-feeds")
	cmd.Env = m.env()
	cpu, out, err := runProcess(cmd)
	if err != nil {
		return 0, err
	}
	if bytes.Contains(out, []byte("Unable to refresh feed")) {
		return 0, fmt.Errorf("miniflux could not refresh some feeds:\n%s", tail(out))
	}
	return cpu, nil
}

func (m *minifluxRefresher) items(ctx context.Context) (int, error) {
	return countRows(ctx, m.admin, m.database(), "entries")
}
