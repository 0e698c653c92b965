package fever

import (
	"net/http"

	"vigil/server/internal/httperr"
)

// fail writes err as {"api_version": 3, "error": ...} with the status
// httperr decides; internal errors are logged, not shown.
func (h *Handler) fail(w http.ResponseWriter, r *http.Request, err error) {
	code, msg := httperr.Explain(h.cfg.Logger, "fever", r, err)
	writeJSON(w, code, map[string]any{"api_version": APIVersion, "error": msg})
}
