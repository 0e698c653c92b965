package render

import (
	"context"
	"fmt"
	"strings"
	"time"

	"github.com/chromedp/cdproto/cdp"
	cdpfetch "github.com/chromedp/cdproto/fetch"
	"github.com/chromedp/cdproto/network"
	"github.com/chromedp/cdproto/page"
	"github.com/chromedp/chromedp"

	"vigil/fetch"
)

// renderIn renders url in a new tab of browser, in a browser context of
// its own, under the time limit and the caller's ctx, recording what it
// learns in s.
func (p *Pool) renderIn(ctx, browser context.Context, s *session, url, waitFor string, limit time.Duration) (*fetch.Response, error) {
	tab, closeTab := chromedp.NewContext(browser, chromedp.WithNewBrowserContext())
	defer closeTab()
	if err := chromedp.Do(tab); err != nil {
		return nil, fmt.Errorf("render: unable to open a tab: %w", err)
	}
	limited, cancel := context.WithTimeout(tab, limit)
	defer cancel()
	defer context.AfterFunc(ctx, cancel)()
	if err := chromedp.Listen(limited, s.event); err != nil {
		return nil, fmt.Errorf("render: unable to listen to the tab: %w", err)
	}
	resp, err := chromedp.Run(limited, s.render(url, waitFor, p.cfg.MaxBytes))
	switch {
	case err == nil:
		return resp, nil
	case ctx.Err() != nil:
		return nil, &fetch.Error{Kind: fetch.KindCanceled, URL: fetch.RedactURL(url), Err: ctx.Err()}
	case limited.Err() != nil && browser.Err() == nil:
		return nil, &fetch.Error{Kind: fetch.KindTimeout, URL: fetch.RedactURL(url),
			Err: fmt.Errorf("the page did not finish rendering within %s", limit)}
	}
	return nil, err
}

// render is the action that loads the page with every request guarded,
// waits for it and reads its document back.
func (s *session) render(url, waitFor string, maxBytes int64) chromedp.Action[*fetch.Response] {
	return func(ctx context.Context, t *chromedp.Target) (*fetch.Response, error) {
		go s.serve(ctx, t)
		if err := s.prepare(ctx, t); err != nil {
			return nil, err
		}
		nav, err := cdp.Call(ctx, t, page.Navigate, page.NavigateParams{URL: url})
		if err != nil {
			return nil, fmt.Errorf("render: unable to load %s: %w", fetch.RedactURL(url), err)
		}
		if nav.ErrorText != "" {
			return nil, s.loadError(url, nav.ErrorText)
		}
		if waitFor != "" {
			_, err = chromedp.WaitReady(chromedp.CSS(waitFor))(ctx, t)
		} else {
			err = s.waitIdle(ctx, nav.FrameID, nav.LoaderID)
		}
		if err != nil {
			return nil, err
		}
		return s.document(ctx, t, url, nav, maxBytes)
	}
}

// lockdownJS removes, before a page's scripts run, what opens connections
// the Fetch domain does not pause: WebSocket, WebTransport, WebRTC,
// workers and service workers.
const lockdownJS = `(() => {
  for (const name of ["WebSocket", "WebSocketStream", "WebTransport", "RTCPeerConnection",
      "webkitRTCPeerConnection", "RTCDataChannel", "Worker", "SharedWorker"]) {
    try { Object.defineProperty(window, name, {value: undefined, configurable: false, writable: false}); } catch (e) {}
  }
  try { Object.defineProperty(Navigator.prototype, "serviceWorker", {get: () => undefined, configurable: false}); } catch (e) {}
})();`

// prepare installs lockdownJS and pauses every request for the guard.
func (s *session) prepare(ctx context.Context, t *chromedp.Target) error {
	if _, err := cdp.Call(ctx, t, page.AddScriptToEvaluateOnNewDocument, page.AddScriptToEvaluateOnNewDocumentParams{Source: lockdownJS}); err != nil {
		return fmt.Errorf("render: unable to prepare the tab: %w", err)
	}
	if _, err := cdp.Call(ctx, t, page.SetLifecycleEventsEnabled, page.SetLifecycleEventsEnabledParams{Enabled: true}); err != nil {
		return fmt.Errorf("render: unable to prepare the tab: %w", err)
	}
	all := []*cdpfetch.RequestPattern{{URLPattern: "*", RequestStage: cdpfetch.RequestStageRequest}}
	if _, err := cdp.Call(ctx, t, cdpfetch.Enable, cdpfetch.EnableParams{Patterns: all}); err != nil {
		return fmt.Errorf("render: unable to guard the tab's requests: %w", err)
	}
	return nil
}

// loadError explains a failed navigation: the guard's reason when it
// refused the page, the proxy's when it refused or failed the page's
// connection, else the browser's words.
func (s *session) loadError(url, text string) error {
	if err := s.refusedDocument(); err != nil {
		return err
	}
	if err := s.proxyFailure(url); err != nil {
		return err
	}
	if strings.Contains(text, "ERR_BLOCKED_BY_CLIENT") {
		return errRefused
	}
	return &fetch.Error{Kind: fetch.KindNetwork, URL: fetch.RedactURL(url), Err: fmt.Errorf("the browser could not load the page: %s", text)}
}

// dom is what readDOMJS returns.
type dom struct {
	URL  string `json:"url"`
	Size int64  `json:"size"`
	HTML string `json:"html"`
}

// readDOMJS serialises the document, doctype included, unless it is
// longer than the cap (%d), whose size alone it then returns.
const readDOMJS = `(() => {
  const d = document.doctype ? new XMLSerializer().serializeToString(document.doctype) + "\n" : "";
  const h = d + document.documentElement.outerHTML;
  return {url: location.href, size: h.length, html: h.length <= %d ? h : ""};
})()`

// document reads the rendered document back as a response.
func (s *session) document(ctx context.Context, t *chromedp.Target, url string, nav page.NavigateResult, maxBytes int64) (*fetch.Response, error) {
	d, err := chromedp.Evaluate[dom](fmt.Sprintf(readDOMJS, maxBytes))(ctx, t)
	if err != nil {
		return nil, fmt.Errorf("render: unable to read the rendered page: %w", err)
	}
	if d.Size > maxBytes || int64(len(d.HTML)) > maxBytes {
		return nil, &fetch.Error{Kind: fetch.KindTooLarge, URL: fetch.RedactURL(url),
			Err: fmt.Errorf("the rendered page is larger than %d bytes", maxBytes)}
	}
	return &fetch.Response{URL: d.URL, Status: s.status(nav.FrameID, nav.LoaderID), ContentType: "text/html; charset=utf-8",
		Body: []byte(d.HTML), Bytes: int64(len(d.HTML))}, nil
}

// documentType is the resource type of a page or frame's document.
const documentType = network.ResourceTypeDocument
