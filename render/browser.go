package render

import (
	"errors"
	"os/exec"
)

// ErrNoBrowser is returned by New when no Chromium is installed.
var ErrNoBrowser = errors.New("render: rendering pages needs a browser and none is installed: install Debian's chromium package (apt-get install chromium)")

// browserNames are the commands tried, in order, when Config.Browser is
// empty.
var browserNames = []string{"chromium", "chromium-browser", "google-chrome", "google-chrome-stable"}

// findBrowser returns the path of the browser: path when given (it must
// run), else the first of browserNames on PATH.
func findBrowser(path string) (string, error) {
	if path != "" {
		p, err := exec.LookPath(path)
		if err != nil {
			return "", errors.Join(ErrNoBrowser, err)
		}
		return p, nil
	}
	for _, name := range browserNames {
		if p, err := exec.LookPath(name); err == nil {
			return p, nil
		}
	}
	return "", ErrNoBrowser
}
