package digest

import (
	"errors"
	"io"
	"net"
	"sync"
	"testing"

	"github.com/emersion/go-sasl"
	"github.com/emersion/go-smtp"
)

// mail is one message the test server received.
type mail struct {
	From, To string
	Data     string
}

// mailbox is a real SMTP server on loopback (go-smtp) that keeps what it
// receives; with a user set it requires PLAIN authentication.
type mailbox struct {
	mu       sync.Mutex
	mails    []mail
	user     string
	password string
	host     string
	port     int
}

// startMailbox serves SMTP on a loopback port until the test ends.
func startMailbox(t *testing.T, user, password string) *mailbox {
	t.Helper()
	mb := &mailbox{user: user, password: password}
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
	mb.host, mb.port = "127.0.0.1", addr.Port
	return mb
}

// received returns the messages so far.
func (mb *mailbox) received() []mail {
	mb.mu.Lock()
	defer mb.mu.Unlock()
	return append([]mail(nil), mb.mails...)
}

// NewSession implements smtp.Backend.
func (mb *mailbox) NewSession(*smtp.Conn) (smtp.Session, error) {
	return &mailSession{mb: mb}, nil
}

// mailSession is one SMTP connection.
type mailSession struct {
	mb       *mailbox
	authed   bool
	from, to string
}

func (s *mailSession) AuthMechanisms() []string { return []string{sasl.Plain} }

func (s *mailSession) Auth(string) (sasl.Server, error) {
	return sasl.NewPlainServer(func(_, user, password string) error {
		if user != s.mb.user || password != s.mb.password {
			return errors.New("invalid credentials")
		}
		s.authed = true
		return nil
	}), nil
}

func (s *mailSession) Mail(from string, _ *smtp.MailOptions) error {
	if s.mb.user != "" && !s.authed {
		return smtp.ErrAuthRequired
	}
	s.from = from
	return nil
}

func (s *mailSession) Rcpt(to string, _ *smtp.RcptOptions) error {
	s.to = to
	return nil
}

func (s *mailSession) Data(r io.Reader) error {
	b, err := io.ReadAll(r)
	if err != nil {
		return err
	}
	s.mb.mu.Lock()
	defer s.mb.mu.Unlock()
	s.mb.mails = append(s.mb.mails, mail{From: s.from, To: s.to, Data: string(b)})
	return nil
}

func (s *mailSession) Reset()        {}
func (s *mailSession) Logout() error { return nil }
