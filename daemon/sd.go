package daemon

import (
	"context"
	"net"
)

// notifier is what the daemon tells the service manager.
type notifier interface {
	Ready() error
	Stopping() error
	RunWatchdog(ctx context.Context, probe func(context.Context) error)
}

type noNotifier struct{}

func (noNotifier) Ready() error                                             { return nil }
func (noNotifier) Stopping() error                                          { return nil }
func (noNotifier) RunWatchdog(context.Context, func(context.Context) error) {}

var newNotifier = func() notifier { return noNotifier{} }

var systemdListeners = func() ([]net.Listener, error) { return nil, nil }
