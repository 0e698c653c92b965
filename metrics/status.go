package metrics

import "strconv"

// statusCode writes an HTTP status as the code label.
func statusCode(status int) string {
	if status == 0 {
		return "200" // nothing written: net/http answers 200
	}
	return strconv.Itoa(status)
}
