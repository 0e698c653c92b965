package main

import (
	"context"
	"encoding/json"
	"fmt"
	"strconv"
	"time"

	"vigil"
	"vigil/notify"
)

// notifyCommands are the subcommands of vigil notify.
var notifyCommands = []command{
	{"add", "add a notification channel (a shoutrrr URL) to a user", runNotifyAdd},
	{"list", "list a user's channels, hidden, with their state", runNotifyList},
	{"remove", "remove a channel and the messages waiting for it", runNotifyRemove},
	{"test", "send a test message to a channel now", runNotifyTest},
}

func runNotify(ctx context.Context, e *env, args []string) error {
	return runGroup(ctx, e, "notify", notifyCommands, args)
}

// runNotifyAdd checks a channel URL and stores it; only its hidden form is
// printed, then or ever after.
func runNotifyAdd(ctx context.Context, e *env, args []string) error {
	f := newFlags(e, "notify add", "URL", "Add a notification channel: a shoutrrr URL (ntfy://, telegram://, discord://, generic+https://host/path, ...). The URL holds secrets: vigil never shows it whole again.")
	user := f.String("user", "", "user `name` (may be left out when there is one user)")
	if err := f.parse(args, 1); err != nil {
		return err
	}
	if err := notify.Check(f.Arg(0)); err != nil {
		return usageError{oneLine(err)}
	}
	st, u, err := f.openFor(ctx, *user)
	if err != nil {
		return err
	}
	defer st.Close()
	id, err := st.AddChannel(ctx, vigil.Channel{UserID: u.ID, URL: f.Arg(0), Created: time.Now()})
	if err != nil {
		return err
	}
	fmt.Fprintf(e.stdout, "channel %d added for %s: %s\n", id, u.Name, vigil.HideURL(f.Arg(0)))
	return nil
}

func runNotifyList(ctx context.Context, e *env, args []string) error {
	f := newFlags(e, "notify list", "", "List a user's notification channels (hidden) and whether each is failing, with its error.")
	user := f.String("user", "", "user `name` (may be left out when there is one user)")
	asJSON := f.Bool("json", false, "print JSON: id, url (hidden), created, failures, last_error, last_error_at, last_sent")
	if err := f.parse(args, 0); err != nil {
		return err
	}
	st, u, err := f.openReadingFor(ctx, *user)
	if err != nil {
		return err
	}
	defer st.Close()
	list, err := st.Channels(ctx, u.ID)
	if err != nil {
		return err
	}
	if *asJSON {
		if list == nil {
			list = []vigil.Channel{}
		}
		return json.NewEncoder(e.stdout).Encode(list)
	}
	for _, c := range list {
		fmt.Fprintf(e.stdout, "%d\t%s\t%s\n", c.ID, c.Shown, channelState(c))
	}
	return nil
}

// channelState says in words how a channel's deliveries go.
func channelState(c vigil.Channel) string {
	switch {
	case c.Failing():
		return fmt.Sprintf("failing (%d attempt(s) in a row, last at %s): %s", c.Failures, stamp(c.LastErrorAt), c.LastError)
	case !c.LastSent.IsZero():
		return "ok, last sent " + stamp(c.LastSent)
	}
	return "nothing sent yet"
}

func runNotifyRemove(ctx context.Context, e *env, args []string) error {
	f := newFlags(e, "notify remove", "ID", "Remove a notification channel and the messages waiting for it.")
	user := f.String("user", "", "user `name` (may be left out when there is one user)")
	if err := f.parse(args, 1); err != nil {
		return err
	}
	id, err := parseID(f.Arg(0), "channel")
	if err != nil {
		return err
	}
	st, u, err := f.openFor(ctx, *user)
	if err != nil {
		return err
	}
	defer st.Close()
	if err := st.RemoveChannel(ctx, u.ID, id); err != nil {
		return err
	}
	fmt.Fprintf(e.stdout, "channel %d removed\n", id)
	return nil
}

// runNotifyTest sends a test message now and records how it went, so that
// notify list shows a failing channel failing.
func runNotifyTest(ctx context.Context, e *env, args []string) error {
	f := newFlags(e, "notify test", "ID", "Send a test message to a notification channel now, and say whether it went through.")
	user := f.String("user", "", "user `name` (may be left out when there is one user)")
	allowPrivate := f.bindBool("allow-private", "")
	if err := f.parse(args, 1); err != nil {
		return err
	}
	id, err := parseID(f.Arg(0), "channel")
	if err != nil {
		return err
	}
	st, u, err := f.openFor(ctx, *user)
	if err != nil {
		return err
	}
	defer st.Close()
	c, err := st.Channel(ctx, u.ID, id)
	if err != nil {
		return err
	}
	answer, sendErr := notify.Send(c.URL, "vigil test", "This is a test message from vigil for "+u.Name+".", *allowPrivate)
	why := ""
	if sendErr != nil {
		why = sendErr.Error()
	}
	if err := st.RecordDelivery(ctx, c.ID, time.Now(), why); err != nil {
		return err
	}
	if sendErr != nil {
		return fmt.Errorf("channel %d (%s) failed: %s", c.ID, c.Shown, why)
	}
	fmt.Fprintf(e.stdout, "channel %d (%s): test message sent; the service %s\n", c.ID, c.Shown, answer)
	return nil
}

// parseID reads a positive ID of a thing named what.
func parseID(s, what string) (int64, error) {
	id, err := strconv.ParseInt(s, 10, 64)
	if err != nil || id <= 0 {
		return 0, usageError{fmt.Sprintf("%s ID %q is not a positive number", what, s)}
	}
	return id, nil
}
