package notify

import (
	"net/http"
	"reflect"
	"unsafe"
)

// The services build their HTTP clients and transports themselves, some
// of them with dials of their own, and keep them in unexported fields.
// rewire reaches them all the same: it walks the service's values and
// routes every *http.Client and *http.Transport it finds (route.go), so
// whatever a service built, its requests dial through the one dial of the
// send. Clients that services make on the spot, or keep outside the
// service, use the default transport, which the switch routes during the
// send (guard.go). The tests send to every service shoutrrr offers and
// fail when a request of any of them escapes the route.

// maxRewireDepth bounds the walk; the services keep their clients two or
// three values deep.
const maxRewireDepth = 12

// rewire routes every HTTP client and transport reachable from svc
// through rt.
func rewire(svc any, rt *route) {
	w := rewiring{route: rt, seen: map[visit]bool{}}
	w.value(reflect.ValueOf(svc), 0)
}

// rewiring is one walk of rewire.
type rewiring struct {
	route *route
	seen  map[visit]bool
}

// visit names a value already walked: its address and type.
type visit struct {
	at  uintptr
	typ reflect.Type
}

// Types rewire acts on.
var (
	clientType    = reflect.TypeFor[http.Client]()
	transportType = reflect.TypeFor[http.Transport]()
)

// value walks v.
func (w *rewiring) value(v reflect.Value, depth int) {
	if !v.IsValid() || depth > maxRewireDepth {
		return
	}
	switch v.Kind() {
	case reflect.Pointer:
		w.pointer(v, depth)
	case reflect.Interface:
		w.value(v.Elem(), depth+1)
	case reflect.Struct:
		w.fields(v, depth)
	case reflect.Slice, reflect.Array:
		for i := range v.Len() {
			w.value(v.Index(i), depth+1)
		}
	case reflect.Map:
		iter := v.MapRange()
		for iter.Next() {
			w.value(iter.Value(), depth+1)
		}
	}
}

// pointer walks what v points to, once, routing it when it is a client
// or a transport. The process's default client is left alone: it uses
// the default transport, which the switch routes.
func (w *rewiring) pointer(v reflect.Value, depth int) {
	if v.IsNil() {
		return
	}
	key := visit{at: v.Pointer(), typ: v.Type()}
	if w.seen[key] {
		return
	}
	w.seen[key] = true
	p := reflect.NewAt(v.Type().Elem(), v.UnsafePointer()) // usable even when reached through an unexported field
	switch v.Type().Elem() {
	case clientType:
		if c := p.Interface().(*http.Client); c != http.DefaultClient {
			w.route.client(c)
		}
	case transportType:
		if t := p.Interface().(*http.Transport); http.RoundTripper(t) != outside {
			w.route.guard(t)
		}
	default:
		w.value(p.Elem(), depth+1)
	}
}

// fields walks a struct's fields, unexported ones included.
func (w *rewiring) fields(v reflect.Value, depth int) {
	if v.Type() == clientType || v.Type() == transportType {
		if v.CanAddr() {
			w.pointer(reflect.NewAt(v.Type(), unsafe.Pointer(v.UnsafeAddr())), depth)
		}
		return
	}
	for i := range v.NumField() {
		w.value(v.Field(i), depth+1)
	}
}
