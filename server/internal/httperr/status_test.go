package httperr

import (
	"bytes"
	"errors"
	"fmt"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"vigil"
)

func TestStatusOf(t *testing.T) {
	tests := []struct {
		err  error
		want int
	}{
		{vigil.Errorf(vigil.EINVALID, "x"), http.StatusBadRequest},
		{vigil.Errorf(vigil.EUNAUTHORIZED, "x"), http.StatusUnauthorized},
		{vigil.Errorf(vigil.ENOTFOUND, "x"), http.StatusNotFound},
		{vigil.Errorf(vigil.ECONFLICT, "x"), http.StatusConflict},
		{vigil.Errorf(vigil.EINTERNAL, "x"), http.StatusInternalServerError},
		{fmt.Errorf("sqlite: wrapped: %w", vigil.Errorf(vigil.ENOTFOUND, "x")), http.StatusNotFound},
		{errors.New("disk on fire"), http.StatusInternalServerError},
		{&Refusal{Status: http.StatusTooManyRequests, Msg: "slow down"}, http.StatusTooManyRequests},
		{fmt.Errorf("login: %w", &Refusal{Status: http.StatusServiceUnavailable, Msg: "x"}), http.StatusServiceUnavailable},
	}
	for _, tt := range tests {
		if got := Status(tt.err); got != tt.want {
			t.Errorf("Status(%v) = %d, want %d", tt.err, got, tt.want)
		}
	}
}

func TestExplain(t *testing.T) {
	tests := []struct {
		err        error
		wantStatus int
		wantMsg    string
		wantLogged bool
	}{
		{vigil.Errorf(vigil.ENOTFOUND, "no feed 3"), http.StatusNotFound, "no feed 3", false},
		{&Refusal{Status: http.StatusForbidden, Msg: "cross-origin API request refused"}, http.StatusForbidden, "cross-origin API request refused", false},
		{errors.New("disk on fire"), http.StatusInternalServerError, "internal error", true},
	}
	for _, tt := range tests {
		var logged bytes.Buffer
		log := slog.New(slog.NewTextHandler(&logged, nil))
		r := httptest.NewRequest(http.MethodGet, "/api/feeds/3", nil)
		status, msg := Explain(log, "server", r, tt.err)
		if status != tt.wantStatus || msg != tt.wantMsg {
			t.Errorf("Explain(%v) = %d, %q, want %d, %q", tt.err, status, msg, tt.wantStatus, tt.wantMsg)
		}
		if got := strings.Contains(logged.String(), "disk on fire"); got != tt.wantLogged {
			t.Errorf("Explain(%v) logged %q, want logged %v", tt.err, logged.String(), tt.wantLogged)
		}
	}
}

func TestRetryAfter(t *testing.T) {
	tests := []struct {
		wait time.Duration
		want string
	}{
		{0, ""},
		{time.Second, "1"},
		{1500 * time.Millisecond, "2"},
		{15 * time.Minute, "900"},
	}
	for _, tt := range tests {
		w := httptest.NewRecorder()
		(&Refusal{Status: http.StatusTooManyRequests, RetryAfter: tt.wait}).SetRetryAfter(w)
		if got := w.Header().Get("Retry-After"); got != tt.want {
			t.Errorf("Retry-After for %v = %q, want %q", tt.wait, got, tt.want)
		}
	}
}
