// Package dnstest runs a DNS server on loopback for tests: it answers the
// A and AAAA queries of a net.Resolver pointed at it from a function of
// the name, the type and how many times that name and type were asked,
// so a test can make a name answer differently from one lookup to the
// next (DNS rebinding) without touching the machine's resolver or
// /etc/hosts.
package dnstest

import (
	"context"
	"net"
	"net/netip"
	"strings"
	"sync"
	"testing"

	"golang.org/x/net/dns/dnsmessage"
)

// Answer gives the addresses for the nth query (from 1) of type qtype
// (dnsmessage.TypeA or TypeAAAA) for name (lower case, without the
// final dot). ok false answers that the name does not exist.
type Answer func(name string, qtype dnsmessage.Type, n int) (addrs []netip.Addr, ok bool)

// Server is a DNS server on a loopback UDP port.
type Server struct {
	conn   net.PacketConn
	answer Answer

	mu    sync.Mutex
	asked map[key]int
}

// key counts the queries of one name and type.
type key struct {
	name  string
	qtype dnsmessage.Type
}

// Start starts a server answering with answer, stopped when t ends.
func Start(t testing.TB, answer Answer) *Server {
	t.Helper()
	conn, err := net.ListenPacket("udp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	s := &Server{conn: conn, answer: answer, asked: map[key]int{}}
	go s.serve()
	t.Cleanup(func() { conn.Close() })
	return s
}

// Resolver returns a resolver that asks this server alone.
func (s *Server) Resolver() *net.Resolver {
	addr := s.conn.LocalAddr().String()
	return &net.Resolver{PreferGo: true, Dial: func(ctx context.Context, _, _ string) (net.Conn, error) {
		var d net.Dialer
		return d.DialContext(ctx, "udp", addr)
	}}
}

// Asked returns how many queries of type qtype for name came.
func (s *Server) Asked(name string, qtype dnsmessage.Type) int {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.asked[key{name, qtype}]
}

// serve answers queries until the connection closes.
func (s *Server) serve() {
	buf := make([]byte, 1500)
	for {
		n, from, err := s.conn.ReadFrom(buf)
		if err != nil {
			return
		}
		if reply, err := s.reply(buf[:n]); err == nil {
			s.conn.WriteTo(reply, from)
		}
	}
}

// reply builds the answer to one query message.
func (s *Server) reply(query []byte) ([]byte, error) {
	var p dnsmessage.Parser
	h, err := p.Start(query)
	if err != nil {
		return nil, err
	}
	q, err := p.Question()
	if err != nil {
		return nil, err
	}
	name := strings.ToLower(strings.TrimSuffix(q.Name.String(), "."))
	var addrs []netip.Addr
	ok := false
	if q.Type == dnsmessage.TypeA || q.Type == dnsmessage.TypeAAAA {
		addrs, ok = s.answer(name, q.Type, s.count(name, q.Type))
	}
	rcode := dnsmessage.RCodeSuccess
	if !ok {
		rcode = dnsmessage.RCodeNameError
	}
	b := dnsmessage.NewBuilder(nil, dnsmessage.Header{ID: h.ID, Response: true, Authoritative: true, RecursionDesired: h.RecursionDesired, RecursionAvailable: true, RCode: rcode})
	b.StartQuestions()
	b.Question(q)
	b.StartAnswers()
	for _, a := range addrs {
		rh := dnsmessage.ResourceHeader{Name: q.Name, Class: dnsmessage.ClassINET, TTL: 0}
		switch {
		case q.Type == dnsmessage.TypeA && a.Is4():
			err = b.AResource(rh, dnsmessage.AResource{A: a.As4()})
		case q.Type == dnsmessage.TypeAAAA && a.Is6():
			err = b.AAAAResource(rh, dnsmessage.AAAAResource{AAAA: a.As16()})
		}
		if err != nil {
			return nil, err
		}
	}
	return b.Finish()
}

// count records one more query of name and type and returns its number.
func (s *Server) count(name string, qtype dnsmessage.Type) int {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.asked[key{name, qtype}]++
	return s.asked[key{name, qtype}]
}

// Rebinding answers the first A query for any name with a public-looking
// address (203.0.113.7, TEST-NET-3, which fetch.ClassifyAddr passes) and
// every later one with 127.0.0.1, as a name whose owner rebinds it does;
// AAAA queries get no address.
func Rebinding(_ string, qtype dnsmessage.Type, n int) ([]netip.Addr, bool) {
	switch {
	case qtype != dnsmessage.TypeA:
		return nil, true
	case n == 1:
		return []netip.Addr{netip.MustParseAddr("203.0.113.7")}, true
	}
	return []netip.Addr{netip.MustParseAddr("127.0.0.1")}, true
}
