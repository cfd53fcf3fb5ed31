// Package daemon wires arshlined together: it opens the store and the
// event log, builds the services, serves them over JSON-RPC on a Unix
// socket, talks to systemd, and shuts everything down in order.
package daemon

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"net"
	"os"
	"os/signal"
	"syscall"
	"time"

	"github.com/arshline/arshline-sidecar/daemon/domain"
	"github.com/arshline/arshline-sidecar/daemon/logx"
	"github.com/arshline/arshline-sidecar/daemon/messages"
	"github.com/arshline/arshline-sidecar/rpc"
	"github.com/arshline/arshline-sidecar/sqlstore"
)

// Version is set at build time with -ldflags "-X …/daemon.Version=…"
// (the Makefile takes it from a vX.Y.Z tag on the commit, or from the
// VERSION file).
var Version = "0.1.0-dev"

// Protocol is the version of the RPC surface the WordPress plugin relies
// on, in system.health and `arshlined version`. It grows only when a
// change would break a plugin written for the previous one (a method or
// member removed or changed in meaning); additions keep it. A plugin
// names the protocols it supports and refuses any other with a notice
// naming both versions.
const Protocol = 1

// Run serves until ctx is cancelled, then shuts down gracefully: it stops
// accepting, lets calls in flight finish within cfg.ShutdownTimeout,
// closes the database and removes the socket it created.
func Run(ctx context.Context, cfg *Config, ops *slog.Logger) error {
	started := time.Now()
	// SIGHUP is taken over first: until signal.Notify, the runtime's
	// default for it is to end the process, and a supervisor may send it
	// as soon as READY=1 arrives (or a client answered), which can come
	// before this goroutine runs again on a loaded machine. A SIGHUP
	// during start-up waits in the channel and rotates the new log.
	hup := make(chan os.Signal, 1)
	signal.Notify(hup, syscall.SIGHUP)
	defer signal.Stop(hup)
	level, _ := logx.ParseLevel(cfg.LogLevel)
	events, err := logx.Open(logx.Config{Dir: cfg.LogDir, Level: level})
	if err != nil {
		return fmt.Errorf("event log: %w", err)
	}
	defer events.Close()

	store, err := sqlstore.Open(ctx, cfg.DB, cfg.StoreOptions())
	if err != nil {
		return err
	}
	defer func() {
		if err := store.Close(); err != nil {
			ops.Error("closing the database", "err", err)
		}
	}()
	if warnings, err := store.ServerWarnings(ctx); err == nil {
		for _, w := range warnings {
			ops.Warn("database server setting", "warning", w)
		}
	}
	if n, err := store.FailRunningJobs(ctx); err != nil {
		return fmt.Errorf("recovering jobs: %w", err)
	} else if n > 0 {
		ops.Warn("marked jobs of the previous run as failed", "jobs", n)
	}

	app, err := newApp(cfg, store, events, ops, started)
	if err != nil {
		return err
	}
	defer app.close()

	ln, created, err := listen(cfg)
	if err != nil {
		return err
	}
	app.socket = ln.Addr().String()
	server := rpc.NewServer(rpcConfig(cfg, app.logCall, ops), serveMethods(app.methods()))
	app.server = server

	notifier := newNotifier(ops)
	serveErr := make(chan error, 1)
	go func() { serveErr <- server.Serve(ctx, ln) }()
	if err := notifier.Ready(); err != nil {
		ops.Warn("sd_notify READY failed", "err", err)
	}
	watchdogCtx, stopWatchdog := context.WithCancel(ctx)
	defer stopWatchdog()
	go notifier.RunWatchdog(watchdogCtx, store.Ping)

	ops.Info("arshlined ready", "version", Version, "socket", ln.Addr().String(), "db", sqlstore.Redact(cfg.DB),
		"log", events.Path(), "llm", cfg.LLMConfigured(), "startup_ms", time.Since(started).Milliseconds())

	for {
		select {
		case <-hup:
			_ = notifier.Reloading()
			if err := events.Rotate(); err != nil {
				ops.Error("rotating the event log", "err", err)
			} else {
				ops.Info("event log rotated")
			}
			_ = notifier.Ready()
			continue
		case err := <-serveErr:
			if err != nil && !errors.Is(err, net.ErrClosed) {
				return fmt.Errorf("serving: %w", err)
			}
		case <-ctx.Done():
		}
		break
	}

	ops.Info("shutting down", "deadline", cfg.ShutdownTimeout)
	_ = notifier.Stopping()
	stopWatchdog()
	shutdownCtx, cancel := context.WithTimeout(context.Background(), cfg.ShutdownTimeout)
	defer cancel()
	if err := server.Shutdown(shutdownCtx); err != nil {
		ops.Warn("calls still running at the shutdown deadline were cut off", "err", err)
	}
	app.shutdownJobs(shutdownCtx)
	// Deliveries under way may finish; those cut off are due at once on
	// the next start.
	app.webhooks.Shutdown(shutdownCtx)
	app.notifyWorker.Shutdown(shutdownCtx)
	if created != "" {
		os.Remove(created)
	}
	ops.Info("stopped")
	return nil
}

// rpcConfig is the transport's configuration: the limits of cfg, and the
// daemon's envelope and capability check.
func rpcConfig(cfg *Config, onCall func(rpc.CallInfo), ops *slog.Logger) rpc.Config {
	return rpc.Config{
		MaxFrameBytes: cfg.MaxFrameBytes,
		MaxConns:      cfg.MaxConns,
		IdleTimeout:   cfg.IdleTimeout,
		AllowUIDs:     cfg.AllowUIDs,
		AllowGIDs:     cfg.AllowGIDs,
		OperatorUIDs:  cfg.OperatorUIDs,
		DefaultLocale: domain.NormalizeLocale(cfg.Locale),
		Localize:      messages.Localize,
		Envelope:      envelope{defaultLocale: domain.NormalizeLocale(cfg.Locale)}.read,
		Authorize:     authorize,
		OnCall:        onCall,
		ErrorLog:      ops,
	}
}

// serveMethods readies the method table for the transport.
func serveMethods(methods []rpc.Method) []rpc.Method {
	for i := range methods {
		methods[i].Handler = withDomainErrors(methods[i].Handler)
	}
	return methods
}

// listen takes the socket systemd passed, or creates one. It returns the
// path it created, which is removed on shutdown.
func listen(cfg *Config) (net.Listener, string, error) {
	lns, err := systemdListeners()
	if err != nil {
		return nil, "", fmt.Errorf("systemd sockets: %w", err)
	}
	if len(lns) > 0 {
		for _, extra := range lns[1:] {
			extra.Close()
		}
		return lns[0], "", nil
	}
	ln, err := rpc.Listen(cfg.Socket, cfg.SocketMode, cfg.SocketGroup)
	if err != nil {
		return nil, "", err
	}
	return ln, cfg.Socket, nil
}
