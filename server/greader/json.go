package greader

import (
	"encoding/json"
	"net/http"
)

// writeJSON writes v as a 200 JSON response (output=json is the only
// output vigil serves; the parameter is accepted and ignored).
func writeJSON(w http.ResponseWriter, v any) {
	w.Header().Set("Content-Type", "application/json; charset=utf-8")
	json.NewEncoder(w).Encode(v) // an error here means the client went away
}
