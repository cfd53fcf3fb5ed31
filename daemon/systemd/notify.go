package systemd

import (
	"context"
	"fmt"
	"log/slog"
	"net"
	"os"
	"strings"
	"time"

	sddaemon "github.com/coreos/go-systemd/v22/daemon"
)

// Clock is the source of watchdog beats. Production uses the wall clock;
// tests substitute one they advance beat by beat.
type Clock interface {
	// Tick delivers a value on c every d until stop is called.
	Tick(d time.Duration) (c <-chan time.Time, stop func())
}

type realClock struct{}

func (realClock) Tick(d time.Duration) (<-chan time.Time, func()) {
	t := time.NewTicker(d)
	return t.C, t.Stop
}

// Option adjusts a Notifier built by NewNotifier.
type Option func(*Notifier)

// WithLogger sets where the notifier reports watchdog pauses and
// resumptions. The default is slog.Default().
func WithLogger(l *slog.Logger) Option { return func(n *Notifier) { n.log = l } }

// WithWatchdogInterval replaces the ping period (half of WATCHDOG_USEC by
// default). It does not enable the watchdog: systemd still has to ask for
// it with WATCHDOG_USEC.
func WithWatchdogInterval(d time.Duration) Option {
	return func(n *Notifier) {
		if d > 0 {
			n.pingEvery = d
		}
	}
}

// WithClock replaces the clock that paces watchdog pings.
func WithClock(c Clock) Option { return func(n *Notifier) { n.clock = c } }

// Notifier speaks the sd_notify protocol to the service manager. Its zero
// value and a Notifier built without NOTIFY_SOCKET do nothing and return
// nil errors, so the daemon calls it unconditionally.
type Notifier struct {
	socket    string        // NOTIFY_SOCKET; empty when not under systemd
	pingEvery time.Duration // 0 when systemd did not ask for a watchdog
	clock     Clock
	log       *slog.Logger
}

// NewNotifier reads NOTIFY_SOCKET, WATCHDOG_USEC and WATCHDOG_PID and then
// removes them from the environment, so that no child process can report
// in the daemon's name (the unit sets NotifyAccess=main as well). Build it
// once per process: a second call finds the variables gone.
//
// The watchdog is enabled when WATCHDOG_USEC is a positive number and
// WATCHDOG_PID, when present, is this process; pings then go out every
// half WATCHDOG_USEC, as sd_watchdog_enabled(3) advises.
func NewNotifier(opts ...Option) *Notifier {
	n := &Notifier{socket: os.Getenv("NOTIFY_SOCKET"), clock: realClock{}, log: slog.Default()}
	os.Unsetenv("NOTIFY_SOCKET")
	timeout, watchdogErr := sddaemon.SdWatchdogEnabled(true)
	for _, opt := range opts {
		opt(n)
	}
	switch {
	case watchdogErr != nil:
		n.log.Warn("ignoring the systemd watchdog setting", "err", watchdogErr)
		n.pingEvery = 0
	case timeout == 0 || n.socket == "":
		n.pingEvery = 0
	case n.pingEvery == 0:
		n.pingEvery = timeout / 2
	}
	return n
}

// Enabled reports whether a service manager is listening.
func (n *Notifier) Enabled() bool { return n != nil && n.socket != "" }

// WatchdogInterval is how often RunWatchdog pings, or 0 when systemd did
// not ask for a watchdog.
func (n *Notifier) WatchdogInterval() time.Duration {
	if n == nil {
		return 0
	}
	return n.pingEvery
}

// Ready tells systemd that the daemon accepts requests; for Type=notify
// units, start-up is complete only then. Call it again after a reload.
func (n *Notifier) Ready() error { return n.send(sddaemon.SdNotifyReady) }

// Stopping tells systemd that shutdown has begun, so it neither counts the
// drain as a hang nor sends new socket-activated clients our way.
func (n *Notifier) Stopping() error { return n.send(sddaemon.SdNotifyStopping) }

// Reloading tells systemd that the daemon is reopening its files (on
// SIGHUP). The monotonic timestamp lets systemd 253+ match the reload to
// the request; older versions ignore it. Call Ready when done.
func (n *Notifier) Reloading() error {
	return n.send(sddaemon.SdNotifyReloading + "\n" + strings.TrimSuffix(sddaemon.SdNotifyMonotonicUsec(), "\n"))
}

// Status sets the one-line text `systemctl status` shows for the service.
// Newlines would start a new protocol field, so they become spaces.
func (n *Notifier) Status(text string) error {
	return n.send("STATUS=" + strings.NewReplacer("\r", " ", "\n", " ").Replace(text))
}

// RunWatchdog pings systemd every WatchdogInterval while probe succeeds,
// and returns when ctx is done. It returns at once when systemd did not
// ask for a watchdog.
//
// While probe fails (the database does not answer) it withholds the pings
// on purpose: systemd then kills and restarts the daemon after WatchdogSec,
// which is the cure for a wedged process that still holds its socket. A
// probe gets one interval to answer, so a hung database counts as failing
// instead of stalling the loop. The pause and the resumption are logged
// and shown as the service status.
func (n *Notifier) RunWatchdog(ctx context.Context, probe func(context.Context) error) {
	if n.WatchdogInterval() == 0 {
		return
	}
	ticks, stop := n.clock.Tick(n.pingEvery)
	defer stop()
	healthy := true
	var failingSince time.Time
	for {
		probeCtx, cancel := context.WithTimeout(ctx, n.pingEvery)
		err := probe(probeCtx)
		cancel()
		if ctx.Err() != nil {
			return
		}
		switch {
		case err == nil:
			if sendErr := n.send(sddaemon.SdNotifyWatchdog); sendErr != nil {
				n.log.Warn("sending the watchdog ping failed", "err", sendErr)
			}
			if !healthy {
				healthy = true
				n.log.Info("watchdog pings resumed: the health probe passes again", "failed_for", time.Since(failingSince).Round(time.Millisecond))
				_ = n.Status("ready")
			}
		case healthy:
			healthy = false
			failingSince = time.Now()
			n.log.Error("watchdog pings stopped: the health probe fails; systemd restarts the service if this lasts WatchdogSec",
				"err", err, "ping_interval", n.pingEvery)
			_ = n.Status("watchdog paused: health probe failing: " + err.Error())
		}
		select {
		case <-ctx.Done():
			return
		case <-ticks:
		}
	}
}

// send writes one datagram, as sd_notify(3) does. The socket is dialled per
// message because systemd may be re-executed (daemon-reexec) between two
// messages and rebind the path.
func (n *Notifier) send(state string) error {
	if !n.Enabled() {
		return nil
	}
	addr, err := notifyAddr(n.socket)
	if err != nil {
		return err
	}
	conn, err := net.DialUnix("unixgram", nil, addr)
	if err != nil {
		return fmt.Errorf("sd_notify %s: %w", firstField(state), err)
	}
	defer conn.Close()
	if _, err := conn.Write([]byte(state)); err != nil {
		return fmt.Errorf("sd_notify %s: %w", firstField(state), err)
	}
	return nil
}

// notifyAddr accepts the forms systemd uses: an absolute path or an
// abstract name starting with '@' (which Go's net package maps to the
// abstract namespace itself).
func notifyAddr(socket string) (*net.UnixAddr, error) {
	if strings.HasPrefix(socket, "/") || strings.HasPrefix(socket, "@") {
		return &net.UnixAddr{Name: socket, Net: "unixgram"}, nil
	}
	return nil, fmt.Errorf("NOTIFY_SOCKET %q: only absolute paths and abstract names are supported", socket)
}

func firstField(state string) string {
	f, _, _ := strings.Cut(state, "\n")
	return f
}
