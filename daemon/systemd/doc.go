// Package systemd connects arshlined to the systemd service manager: it
// takes the socket systemd opened for it (socket activation), reports
// readiness, reloads and shutdown over the notify socket, and feeds the
// service watchdog only while the daemon can still reach its database, so
// that a wedged daemon is restarted instead of answering nothing.
//
// Every part is a no-op when the daemon is started by hand, outside
// systemd: no LISTEN_FDS means no inherited sockets, no NOTIFY_SOCKET means
// nothing to tell.
package systemd
