package api

import "reflect"

// jsonKind names in words what a JSON value of Go type t must be, so that
// an error never shows a client a Go type name such as float64 or []int64.
func jsonKind(t reflect.Type) string {
	if t == nil {
		return "value of another type"
	}
	switch t.Kind() {
	case reflect.Pointer:
		return jsonKind(t.Elem())
	case reflect.Bool:
		return "boolean (true or false)"
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64,
		reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64:
		return "whole number"
	case reflect.Float32, reflect.Float64:
		return "number"
	case reflect.String:
		return "string"
	case reflect.Slice, reflect.Array:
		return "list of " + pluralKind(t.Elem())
	case reflect.Map, reflect.Struct:
		return "JSON object"
	}
	return "value of another type"
}

// pluralKind names, in the plural, what JSON values of Go type t must be.
func pluralKind(t reflect.Type) string {
	for t.Kind() == reflect.Pointer {
		t = t.Elem()
	}
	switch t.Kind() {
	case reflect.Bool:
		return "booleans"
	case reflect.Slice, reflect.Array:
		return "lists of " + pluralKind(t.Elem())
	case reflect.Map, reflect.Struct:
		return "JSON objects"
	}
	return jsonKind(t) + "s"
}
