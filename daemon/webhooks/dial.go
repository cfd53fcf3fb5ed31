package webhooks

import (
	"crypto/tls"
	"fmt"
	"net"
	"net/http"
	"net/netip"
	"syscall"
	"time"
)

// Where a delivery may connect. A form's author writes the URL, and the
// daemon runs beside the site's own services (the database, the PHP
// pool, a cloud's metadata endpoint at 169.254.169.254): a URL naming
// one of them, or a public name that resolves to one, would let the
// author make the daemon talk to it. The check therefore runs on the
// address being dialled, after resolution, in the dialer's Control hook,
// so that neither a name resolved twice (DNS rebinding) nor any of the
// several addresses a name has slips past it.

// newClient is an HTTP client for deliveries: no proxy (the check must
// see the receiver's address, not a proxy's), no redirects, one timeout
// over the whole attempt, and control run on every address dialled.
func newClient(timeout time.Duration, conns int, tlsConf *tls.Config, control func(network, address string, c syscall.RawConn) error) *http.Client {
	dialer := &net.Dialer{Timeout: timeout, KeepAlive: 30 * time.Second, Control: control}
	transport := &http.Transport{
		Proxy:                  nil,
		DialContext:            dialer.DialContext,
		TLSClientConfig:        tlsConf,
		TLSHandshakeTimeout:    timeout,
		ResponseHeaderTimeout:  timeout,
		MaxIdleConns:           4 * conns,
		MaxIdleConnsPerHost:    conns,
		IdleConnTimeout:        90 * time.Second,
		MaxResponseHeaderBytes: maxResponseBytes,
		ForceAttemptHTTP2:      tlsConf != nil,
	}
	return &http.Client{
		Transport: transport,
		Timeout:   timeout,
		// A redirect is the receiver's answer, not a new destination: a
		// public URL redirecting to an internal one would pass the check
		// at the first hop only if it were followed blindly, and a
		// delivery's body is not re-sent to wherever it points.
		CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse },
	}
}

// publicOnly is the https dialer's check: a public address, or any with
// the operator's leave (allowAll).
func publicOnly(allowAll bool) func(network, address string, c syscall.RawConn) error {
	return func(_, address string, _ syscall.RawConn) error {
		ip, err := dialledAddr(address)
		if err != nil {
			return err
		}
		if !allowAll && !public(ip) {
			return fmt.Errorf("refused: %s is not a public address (loopback, private, link-local or reserved)", ip)
		}
		return nil
	}
}

// loopbackOnly is the plain-http dialer's check: whatever the URL's host
// resolved to must be a loopback address.
func loopbackOnly(_, address string, _ syscall.RawConn) error {
	ip, err := dialledAddr(address)
	if err != nil {
		return err
	}
	if !ip.IsLoopback() {
		return fmt.Errorf("refused: plain http is allowed to a loopback address only, not %s", ip)
	}
	return nil
}

func dialledAddr(address string) (netip.Addr, error) {
	ap, err := netip.ParseAddrPort(address)
	if err != nil {
		return netip.Addr{}, fmt.Errorf("refused: cannot read the dialled address %q", address)
	}
	return ap.Addr().Unmap(), nil
}

// loopbackHost reports whether a URL's host names this machine: localhost
// or a loopback address.
func loopbackHost(h string) bool {
	if h == "localhost" {
		return true
	}
	ip, err := netip.ParseAddr(h)
	return err == nil && ip.Unmap().IsLoopback()
}

// reserved are ranges no public receiver uses that the netip predicates
// do not cover.
var reserved = []netip.Prefix{
	netip.MustParsePrefix("0.0.0.0/8"),       // "this network"; 0.0.0.0 reaches the local host
	netip.MustParsePrefix("100.64.0.0/10"),   // carrier-grade NAT, shared address space
	netip.MustParsePrefix("192.0.0.0/24"),    // IETF protocol assignments
	netip.MustParsePrefix("192.0.2.0/24"),    // documentation
	netip.MustParsePrefix("198.18.0.0/15"),   // benchmarking
	netip.MustParsePrefix("198.51.100.0/24"), // documentation
	netip.MustParsePrefix("203.0.113.0/24"),  // documentation
	netip.MustParsePrefix("240.0.0.0/4"),     // reserved, and the broadcast address
	netip.MustParsePrefix("100::/64"),        // discard
	netip.MustParsePrefix("2001:db8::/32"),   // documentation
	netip.MustParsePrefix("fec0::/10"),       // the former site-local
	netip.MustParsePrefix("::/96"),           // IPv4-compatible, deprecated: the host's stack may reach the IPv4 address
	netip.MustParsePrefix("64:ff9b:1::/48"),  // NAT64 for local use (RFC 8215): translates to private networks
	netip.MustParsePrefix("2001::/32"),       // Teredo: a tunnel to an IPv4 address
}

// embedding are the IPv6 ranges that carry an IPv4 address a translator
// or a relay forwards to, with where its four bytes sit: NAT64's
// well-known prefix (RFC 6052) at the end, 6to4 (RFC 3056) after the
// first two bytes. Such an address is public only when the one it
// carries is.
var embedding = []struct {
	prefix netip.Prefix
	at     int
}{
	{netip.MustParsePrefix("64:ff9b::/96"), 12},
	{netip.MustParsePrefix("2002::/16"), 2},
}

// public reports whether ip is an address a receiver on the internet
// may have.
func public(ip netip.Addr) bool {
	if !ip.IsValid() || ip.IsUnspecified() || ip.IsLoopback() || ip.IsPrivate() || ip.IsLinkLocalUnicast() ||
		ip.IsLinkLocalMulticast() || ip.IsInterfaceLocalMulticast() || ip.IsMulticast() {
		return false
	}
	for _, p := range reserved {
		if p.Contains(ip) {
			return false
		}
	}
	if ip.Is6() {
		b := ip.As16()
		for _, e := range embedding {
			if e.prefix.Contains(ip) {
				return public(netip.AddrFrom4([4]byte(b[e.at : e.at+4])))
			}
		}
	}
	return true
}
