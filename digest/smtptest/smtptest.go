// Package smtptest runs a real SMTP server (github.com/emersion/go-smtp) on
// loopback for tests, keeping the messages it receives.
package smtptest

import (
	"errors"
	"io"
	"net"
	"sync"
	"testing"

	"github.com/emersion/go-sasl"
	"github.com/emersion/go-smtp"
)

// Mail is one message the server received.
type Mail struct {
	From, To string
	Data     string
}

// Mailbox is a real SMTP server on loopback that keeps what it receives;
// with a user set it requires PLAIN authentication.
type Mailbox struct {
	mu       sync.Mutex
	mails    []Mail
	user     string
	password string
	// Host and Port are where the server listens.
	Host string
	Port int
}

// Start serves SMTP on a loopback port until the test ends; with user set
// it requires PLAIN authentication with user and password.
func Start(t *testing.T, user, password string) *Mailbox {
	t.Helper()
	mb := &Mailbox{user: user, password: password}
	s := smtp.NewServer(mb)
	s.Domain = "localhost"
	s.AllowInsecureAuth = true
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	go s.Serve(ln)
	t.Cleanup(func() { s.Close() })
	addr := ln.Addr().(*net.TCPAddr)
	mb.Host, mb.Port = "127.0.0.1", addr.Port
	return mb
}

// Received returns the messages so far.
func (mb *Mailbox) Received() []Mail {
	mb.mu.Lock()
	defer mb.mu.Unlock()
	return append([]Mail(nil), mb.mails...)
}

// NewSession implements smtp.Backend.
func (mb *Mailbox) NewSession(*smtp.Conn) (smtp.Session, error) {
	return &mailSession{mb: mb}, nil
}

// mailSession is one SMTP connection.
type mailSession struct {
	mb       *Mailbox
	authed   bool
	from, to string
}

// AuthMechanisms offers PLAIN.
func (s *mailSession) AuthMechanisms() []string { return []string{sasl.Plain} }

// Auth checks the credentials.
func (s *mailSession) Auth(string) (sasl.Server, error) {
	return sasl.NewPlainServer(func(_, user, password string) error {
		if user != s.mb.user || password != s.mb.password {
			return errors.New("invalid credentials")
		}
		s.authed = true
		return nil
	}), nil
}

// Mail starts a message, after authentication when required.
func (s *mailSession) Mail(from string, _ *smtp.MailOptions) error {
	if s.mb.user != "" && !s.authed {
		return smtp.ErrAuthRequired
	}
	s.from = from
	return nil
}

// Rcpt sets the recipient.
func (s *mailSession) Rcpt(to string, _ *smtp.RcptOptions) error {
	s.to = to
	return nil
}

// Data keeps the message.
func (s *mailSession) Data(r io.Reader) error {
	b, err := io.ReadAll(r)
	if err != nil {
		return err
	}
	s.mb.mu.Lock()
	defer s.mb.mu.Unlock()
	s.mb.mails = append(s.mb.mails, Mail{From: s.from, To: s.to, Data: string(b)})
	return nil
}

// Reset forgets nothing: each message is kept whole at Data.
func (s *mailSession) Reset() {}

// Logout ends the session.
func (s *mailSession) Logout() error { return nil }
