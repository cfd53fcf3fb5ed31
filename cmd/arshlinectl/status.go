package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"os/user"
	"strconv"
	"strings"
	"syscall"
	"time"

	"github.com/dustin/go-humanize"

	"github.com/arshline/arshline-sidecar/rpc"
)

// daemonStatus is system.status's result, as the daemon sends it.
type daemonStatus struct {
	Version       string       `json:"version"`
	Protocol      int          `json:"protocol"`
	Socket        string       `json:"socket"`
	DBOK          bool         `json:"db_ok"`
	Database      storagePlace `json:"database"`
	Uploads       storagePlace `json:"uploads"`
	LLMConfigured bool         `json:"llm_configured"`
	Model         string       `json:"model"`
}

type storagePlace struct {
	Path      string `json:"path"`
	Bytes     int64  `json:"bytes"`
	Files     int64  `json:"files"`
	FreeBytes uint64 `json:"free_bytes"`
	Error     string `json:"error"`
}

// cmdStatus prints what an owner checks first on the host: the daemon's
// version and protocol, where it keeps its data, how big that is and how
// much room is left, and whether a model is set. It exits 1 when the
// daemon cannot be reached (saying why: no socket, no permission, nobody
// listening, or a refused peer) or its database cannot write.
func cmdStatus(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("status", flag.ContinueOnError)
	fs.SetOutput(stderr)
	asJSON := fs.Bool("json", false, "print the daemon's answer as JSON")
	if fs.Parse(args) != nil || fs.NArg() != 0 {
		fmt.Fprintln(stderr, "usage: arshlinectl status [--json]")
		return 2
	}
	ctx, cancel := context.WithTimeout(context.Background(), timeoutStatus)
	defer cancel()
	c, err := rpc.Dial(ctx, socketPath)
	if err != nil {
		fmt.Fprintln(stderr, "arshlinectl:", explainDial(socketPath, err))
		return 1
	}
	defer c.Close()
	var st daemonStatus
	if err := call(ctx, c, "system.status", nil, &st); err != nil {
		var re *rpc.Error
		if errors.As(err, &re) && re.CodeName() == "FORBIDDEN" {
			fmt.Fprintf(stderr, "arshlinectl: arshlined at %s refused this user (%s): status is for root and the daemon's own user; run `sudo -u arshline arshlinectl status`\n",
				socketPath, whoami())
			return 1
		}
		printCallError(stderr, err)
		return 1
	}
	if *asJSON {
		printJSON(stdout, st)
	} else {
		printStatus(stdout, st)
	}
	if !st.DBOK {
		fmt.Fprintln(stderr, "arshlinectl: the database cannot write (a full disk, a read-only file system or an I/O error): see `journalctl -u arshlined` and OPERATIONS.md")
		return 1
	}
	return 0
}

// timeoutStatus bounds the whole status call: the daemon answers from
// its files' sizes and one statfs each.
const timeoutStatus = 30 * time.Second

func printStatus(w io.Writer, st daemonStatus) {
	fmt.Fprintf(w, "arshlined  %s (protocol %d)\n", st.Version, st.Protocol)
	fmt.Fprintf(w, "socket     %s\n", st.Socket)
	dbState := "ok"
	if !st.DBOK {
		dbState = "NOT OK"
	}
	fmt.Fprintf(w, "database   %s  %s, %s\n", st.Database.Path, humanize.IBytes(uint64(max(st.Database.Bytes, 0))), dbState)
	if strings.HasPrefix(st.Database.Path, "mysql://") {
		// The tables' size on the database server, whose disk is its own.
		if st.Database.Error != "" {
			fmt.Fprintf(w, "           error: %s\n", st.Database.Error)
		} else {
			fmt.Fprintln(w, "           the store's tables on the database server (free space: the server's)")
		}
	} else {
		printPlace(w, st.Database)
	}
	fmt.Fprintf(w, "uploads    %s  %s in %d files\n", st.Uploads.Path, humanize.IBytes(uint64(max(st.Uploads.Bytes, 0))), st.Uploads.Files)
	printPlace(w, st.Uploads)
	switch {
	case st.LLMConfigured:
		fmt.Fprintf(w, "model      %s\n", st.Model)
	default:
		fmt.Fprintln(w, "model      none (forms, entries and exports work; AI commands answer OPENAI_UNAVAILABLE)")
	}
}

func printPlace(w io.Writer, p storagePlace) {
	if p.Error != "" {
		fmt.Fprintf(w, "           error: %s\n", p.Error)
		return
	}
	fmt.Fprintf(w, "           %s free\n", humanize.IBytes(p.FreeBytes))
}

// explainDial turns a failed connection into one sentence that tells the
// three usual causes apart, each with its fix.
func explainDial(path string, err error) string {
	var sys syscall.Errno
	errors.As(err, &sys)
	switch {
	case errors.Is(err, syscall.ENOENT):
		return fmt.Sprintf("no socket at %s: arshlined is not installed or its socket is not started (systemctl enable --now arshlined.socket), or --socket names another path", path)
	case errors.Is(err, syscall.EACCES):
		return fmt.Sprintf("permission denied on %s (%s; you are %s): run as root, as the daemon's user (sudo -u arshline), or as a member of the socket's group", path, describeFile(path), whoami())
	case errors.Is(err, syscall.ECONNREFUSED):
		return fmt.Sprintf("connection refused at %s: the socket file is there but nothing listens on it; restart it with systemctl restart arshlined.socket", path)
	case errors.Is(err, syscall.ENOTSOCK):
		return fmt.Sprintf("%s is not a socket", path)
	}
	return err.Error()
}

// describeFile names a file's owner, group and mode, as ls -l shows them.
func describeFile(path string) string {
	fi, err := os.Stat(path)
	if err != nil {
		return err.Error()
	}
	st, ok := fi.Sys().(*syscall.Stat_t)
	if !ok {
		return fi.Mode().String()
	}
	return fmt.Sprintf("owner %s, group %s, mode %s", userName(st.Uid), groupName(st.Gid), fi.Mode().Perm())
}

func userName(uid uint32) string {
	if u, err := user.LookupId(strconv.FormatUint(uint64(uid), 10)); err == nil {
		return u.Username
	}
	return strconv.FormatUint(uint64(uid), 10)
}

func groupName(gid uint32) string {
	if g, err := user.LookupGroupId(strconv.FormatUint(uint64(gid), 10)); err == nil {
		return g.Name
	}
	return strconv.FormatUint(uint64(gid), 10)
}

// whoami names the process's user and groups, which decide whether it
// may connect.
func whoami() string {
	s := "user " + userName(uint32(os.Getuid()))
	gids, _ := os.Getgroups()
	names := groupName(uint32(os.Getgid()))
	for _, g := range gids {
		if g != os.Getgid() {
			names += "," + groupName(uint32(g))
		}
	}
	return s + ", groups " + names
}
