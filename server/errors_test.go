package server

import (
	"errors"
	"fmt"
	"net/http"
	"testing"

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
	}
	for _, tt := range tests {
		if got := statusOf(tt.err); got != tt.want {
			t.Errorf("statusOf(%v) = %d, want %d", tt.err, got, tt.want)
		}
	}
}
