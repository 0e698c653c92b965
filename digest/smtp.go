package digest

import (
	"context"
	"crypto/tls"
	"errors"
	"fmt"
	"net"
	"net/smtp"
	"strconv"
)

// SMTP is the mail server digests are sent through. Username and
// Password, when set, authenticate with PLAIN, which net/smtp sends only
// over TLS (STARTTLS) or to localhost.
type SMTP struct {
	Host     string
	Port     int
	From     string
	Username string
	Password string
}

// Validate reports what is missing or wrong in the configuration.
func (c SMTP) Validate() error {
	switch {
	case c.Host == "":
		return errors.New("digest: the SMTP host is not set")
	case c.Port <= 0 || c.Port > 65535:
		return fmt.Errorf("digest: SMTP port %d is not in 1-65535", c.Port)
	case c.From == "":
		return errors.New("digest: the sender address (from) is not set")
	}
	return nil
}

// Send delivers msg to one recipient. net/smtp takes no context: the
// dial honours ctx, the exchange then runs to its end.
func (c SMTP) Send(ctx context.Context, to string, msg []byte) error {
	addr := net.JoinHostPort(c.Host, strconv.Itoa(c.Port))
	var d net.Dialer
	conn, err := d.DialContext(ctx, "tcp", addr)
	if err != nil {
		return fmt.Errorf("digest: unable to reach the SMTP server %s: %w", addr, err)
	}
	cl, err := smtp.NewClient(conn, c.Host)
	if err != nil {
		conn.Close()
		return fmt.Errorf("digest: SMTP server %s: %w", addr, err)
	}
	defer cl.Close()
	if err := c.deliver(cl, to, msg); err != nil {
		return fmt.Errorf("digest: sending to %s through %s: %w", to, addr, err)
	}
	return cl.Quit()
}

// deliver runs one mail transaction on an open client.
func (c SMTP) deliver(cl *smtp.Client, to string, msg []byte) error {
	if ok, _ := cl.Extension("STARTTLS"); ok {
		if err := cl.StartTLS(&tls.Config{ServerName: c.Host}); err != nil {
			return err
		}
	}
	if c.Username != "" {
		if err := cl.Auth(smtp.PlainAuth("", c.Username, c.Password, c.Host)); err != nil {
			return err
		}
	}
	if err := cl.Mail(c.From); err != nil {
		return err
	}
	if err := cl.Rcpt(to); err != nil {
		return err
	}
	w, err := cl.Data()
	if err != nil {
		return err
	}
	if _, err := w.Write(msg); err != nil {
		return err
	}
	return w.Close()
}
