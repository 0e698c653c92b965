package render

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"net"
	"net/netip"
	"os"
	"sync"
	"time"

	"github.com/chromedp/chromedp"

	"vigil/fetch"
)

// Config says how pages are rendered. The zero value renders two pages
// at a time with Debian's chromium, refusing private addresses.
type Config struct {
	// Browser is the browser's path or command; "" finds chromium.
	Browser string
	// Workers is how many pages render at once (tabs of one browser);
	// default 2. A render waits for a free tab.
	Workers int
	// Timeout bounds one render, from navigation to the document read
	// back; default 30 s. A render that runs out of it (a busy machine,
	// a slow script) is tried once more, bounded by Retry.
	Timeout time.Duration
	// Retry bounds the second try of a render that ran out of Timeout;
	// default twice Timeout. When it runs out too, the error says the
	// page did not finish rendering within either.
	Retry time.Duration
	// MaxBytes is the largest rendered document kept; default fetch's
	// body cap (fetch.DefaultMaxBodyBytes).
	MaxBytes int64
	// HeapMB caps the JavaScript heap of the pages, in MiB; default 256.
	HeapMB int
	// AllowPrivate lets the browser reach private, loopback and
	// link-local addresses (as fetch.Config.AllowPrivate).
	AllowPrivate bool
	// Resolver looks up host names, for the Fetch-domain check and for
	// the proxy's connections; nil is net.DefaultResolver.
	Resolver *net.Resolver
	// Logger receives the refused requests at debug level; nil discards.
	Logger *slog.Logger

	// classify overrides fetch.ClassifyAddr, in the Fetch-domain check and
	// the proxy's dialer, for tests on loopback.
	classify func(netip.Addr) string
}

// withDefaults fills the zero fields.
func (c Config) withDefaults() Config {
	if c.Workers <= 0 {
		c.Workers = 2
	}
	if c.Timeout <= 0 {
		c.Timeout = 30 * time.Second
	}
	if c.Retry <= 0 {
		c.Retry = 2 * c.Timeout
	}
	if c.MaxBytes <= 0 {
		c.MaxBytes = fetch.DefaultMaxBodyBytes
	}
	if c.HeapMB <= 0 {
		c.HeapMB = 256
	}
	if c.Logger == nil {
		c.Logger = slog.New(slog.DiscardHandler)
	}
	if c.classify == nil {
		c.classify = fetch.ClassifyAddr
	}
	if c.Resolver == nil {
		c.Resolver = net.DefaultResolver
	}
	return c
}

// Pool renders pages in a bounded number of tabs of one headless browser,
// started at the first render and again after it dies. It is safe for
// concurrent use.
type Pool struct {
	cfg   Config
	path  string
	guard guard
	dial  func(ctx context.Context, network, address string) (net.Conn, error)
	slots chan struct{}

	mu      sync.Mutex
	browser context.Context // nil until started
	stop    context.CancelFunc
	dir     string // the browser's fresh profile
	proxy   *proxy // every connection of the browser goes through it
}

// New returns a pool for cfg, or ErrNoBrowser when no browser is
// installed. It starts no browser yet.
func New(cfg Config) (*Pool, error) {
	dialer := fetch.NewDialer(fetch.Config{AllowPrivate: cfg.AllowPrivate, Resolver: cfg.Resolver})
	if cfg.classify != nil && !cfg.AllowPrivate {
		dialer.Control = fetch.RefuseClassified(cfg.classify)
	}
	cfg = cfg.withDefaults()
	path, err := findBrowser(cfg.Browser)
	if err != nil {
		return nil, err
	}
	return &Pool{
		cfg: cfg, path: path, slots: make(chan struct{}, cfg.Workers), dial: dialer.DialContext,
		guard: guard{allowPrivate: cfg.AllowPrivate, classify: cfg.classify, resolver: cfg.Resolver},
	}, nil
}

// Close stops the browser and removes its profile.
func (p *Pool) Close() error {
	p.mu.Lock()
	defer p.mu.Unlock()
	p.shutdown()
	return nil
}

// shutdown stops the browser and its proxy; p.mu is held.
func (p *Pool) shutdown() {
	if p.stop != nil {
		p.stop()
	}
	if p.proxy != nil {
		p.proxy.close()
	}
	if p.dir != "" {
		os.RemoveAll(p.dir)
	}
	p.browser, p.stop, p.dir, p.proxy = nil, nil, "", nil
}

// Render loads url in a fresh tab and returns the document its scripts
// leave once the network is idle, or once waitFor (a CSS selector, "" for
// none) matches an element: as a fetch.Response of the page's final URL,
// the main document's HTTP status and the serialised DOM as an HTML body.
// A render that runs out of Config.Timeout is tried once more within
// Config.Retry; a timeout error then names both limits.
func (p *Pool) Render(ctx context.Context, url, waitFor string) (*fetch.Response, error) {
	select {
	case p.slots <- struct{}{}:
	case <-ctx.Done():
		return nil, ctx.Err()
	}
	defer func() { <-p.slots }()
	start := time.Now()
	resp, err := p.try(ctx, url, waitFor, p.cfg.Timeout)
	if timedOut(err) && ctx.Err() == nil {
		p.cfg.Logger.Info("render: the page did not finish rendering in time; trying again", "url", fetch.RedactURL(url), "timeout", p.cfg.Timeout, "retry", p.cfg.Retry)
		resp, err = p.try(ctx, url, waitFor, p.cfg.Retry)
		if timedOut(err) {
			err = &fetch.Error{Kind: fetch.KindTimeout, URL: fetch.RedactURL(url),
				Err: fmt.Errorf("the page did not finish rendering within %s, nor within %s when tried again", p.cfg.Timeout, p.cfg.Retry)}
		}
	}
	if err != nil {
		return nil, err
	}
	resp.Latency = time.Since(start)
	return resp, nil
}

// try renders url once within limit, starting the browser when none
// runs and forgetting it when it died.
func (p *Pool) try(ctx context.Context, url, waitFor string, limit time.Duration) (*fetch.Response, error) {
	browser, proxy, err := p.start()
	if err != nil {
		return nil, err
	}
	resp, err := p.renderIn(ctx, browser, newSession(p.guard, proxy, p.cfg.Logger), url, waitFor, limit)
	if err != nil && browser.Err() != nil { // the browser died: start another next time
		p.restart(browser)
	}
	return resp, err
}

// timedOut reports whether a render ran out of its time limit.
func timedOut(err error) bool {
	var fe *fetch.Error
	return errors.As(err, &fe) && fe.Kind == fetch.KindTimeout
}

// start returns the running browser and its proxy, starting them when
// there is no browser or the last one died.
func (p *Pool) start() (context.Context, *proxy, error) {
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.browser != nil && p.browser.Err() == nil {
		return p.browser, p.proxy, nil
	}
	p.shutdown()
	proxy, err := startProxy(p.dial, p.cfg.Logger)
	if err != nil {
		return nil, nil, err
	}
	p.proxy = proxy
	dir, err := os.MkdirTemp("", "vigil-render-")
	if err != nil {
		p.shutdown()
		return nil, nil, fmt.Errorf("render: unable to make the browser's profile directory: %w", err)
	}
	alloc, stopAlloc := chromedp.NewExecAllocator(context.Background(), p.flags(dir, proxy.url())...)
	browser, stopBrowser := chromedp.NewContext(alloc)
	p.browser, p.dir = browser, dir
	p.stop = func() { stopBrowser(); stopAlloc() }
	if err := chromedp.Do(browser); err != nil {
		p.shutdown()
		return nil, nil, fmt.Errorf("render: unable to start %s: %w", p.path, err)
	}
	return browser, proxy, nil
}

// restart forgets browser if it is still the pool's, so the next render
// starts another.
func (p *Pool) restart(browser context.Context) {
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.browser == browser {
		p.shutdown()
	}
}

// flags are the browser's command line: headless, as root can run it,
// with a fresh profile, nothing fetched in the background, the heap cap,
// frames kept in the page's process, where the Fetch domain sees their
// requests, and every connection through the proxy at proxyURL: the
// bypass list "<-loopback>" removes Chromium's implicit bypass of
// localhost and loopback addresses, so nothing goes direct, and UDP that
// cannot go through the proxy (WebRTC) is off.
func (p *Pool) flags(dir, proxyURL string) []chromedp.ExecAllocatorOption {
	return []chromedp.ExecAllocatorOption{
		chromedp.ExecPath(p.path),
		chromedp.NoSandbox, chromedp.Headless, chromedp.DisableGPU, chromedp.NoFirstRun,
		chromedp.NoDefaultBrowserCheck,
		chromedp.Flag("disable-background-networking", true),
		chromedp.Flag("disable-component-update", true),
		chromedp.Flag("disable-sync", true),
		chromedp.Flag("disable-dev-shm-usage", true),
		chromedp.Flag("disable-features", "site-per-process,IsolateOrigins,Translate,MediaRouter"),
		chromedp.Flag("force-webrtc-ip-handling-policy", "disable_non_proxied_udp"),
		chromedp.Flag("renderer-process-limit", fmt.Sprint(p.cfg.Workers+1)),
		chromedp.Flag("js-flags", fmt.Sprintf("--max-old-space-size=%d", p.cfg.HeapMB)),
		chromedp.Flag("mute-audio", true),
		chromedp.ProxyServer(proxyURL),
		chromedp.Flag("proxy-bypass-list", "<-loopback>"),
		chromedp.UserDataDir(dir),
	}
}

// errRefused is the cause when the page itself was refused by the guard
// without a recorded reason.
var errRefused = errors.New("render: the browser's request for the page was refused")
