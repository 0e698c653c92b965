package api

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"reflect"
	"strings"
)

// jsonProblem describes a decoding error of a request body in words fit
// for the client: never a Go type name nor the decoder's own text.
func jsonProblem(err error) string {
	var typeErr *json.UnmarshalTypeError
	var syntaxErr *json.SyntaxError
	var tooBig *http.MaxBytesError
	switch {
	case errors.As(err, &typeErr):
		return typeProblem(typeErr)
	case errors.As(err, &syntaxErr):
		return fmt.Sprintf("not valid JSON (at byte %d)", syntaxErr.Offset) // the offending byte, counted from 1
	case errors.As(err, &tooBig):
		return fmt.Sprintf("larger than %d bytes", tooBig.Limit)
	case errors.Is(err, io.EOF):
		return "empty; a JSON object was expected"
	case errors.Is(err, io.ErrUnexpectedEOF):
		return "the JSON ends too early"
	}
	// encoding/json reports an unknown field only in its message.
	if field, ok := strings.CutPrefix(err.Error(), "json: unknown field "); ok {
		return "unknown field " + strings.Trim(field, `"`)
	}
	return "not valid JSON"
}

// typeProblem says which field of the body has a value of the wrong kind,
// and which kind it must be.
func typeProblem(e *json.UnmarshalTypeError) string {
	want := kindWords(e.Type)
	if e.Field == "" {
		return "must be " + want
	}
	return fmt.Sprintf("field %s must be %s", e.Field, want)
}

// kindWords names the JSON kind of value that decodes into t.
func kindWords(t reflect.Type) string {
	for t.Kind() == reflect.Pointer {
		t = t.Elem()
	}
	switch t.Kind() {
	case reflect.Bool:
		return "true or false"
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64,
		reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64:
		return "a whole number"
	case reflect.Float32, reflect.Float64:
		return "a number"
	case reflect.String:
		return "a string"
	case reflect.Slice, reflect.Array:
		return "a list"
	default:
		return "an object"
	}
}
