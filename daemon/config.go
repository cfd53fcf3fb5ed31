package daemon

import (
	"errors"
	"flag"
	"fmt"
	"os"
	"os/user"
	"path/filepath"
	"strconv"
	"strings"
	"time"

	"github.com/arshline/arshline-sidecar/daemon/logx"
	"github.com/arshline/arshline-sidecar/daemon/models"
	"github.com/arshline/arshline-sidecar/sqlstore"
)

// Config is everything arshlined can be told. Every flag also reads the
// environment variable ARSHLINE_<NAME> (upper case, - → _); a flag on the
// command line wins over the environment.
type Config struct {
	Socket      string
	SocketMode  os.FileMode
	SocketGroup string
	// Who may use the socket (see rpc.Config and docs/OPERATIONS.md):
	// root, the daemon's own uid and OperatorUIDs as operators, who may
	// call without an actor; AllowUIDs and the members of AllowGIDs only
	// with an actor.
	AllowUIDs    []uint32
	AllowGIDs    []uint32
	OperatorUIDs []uint32

	// DB is an SQLite file, or a mysql:// address of the MariaDB or MySQL
	// database that several hosts share (see sqlstore.ParseMySQL).
	DB string
	// DBPasswordFile holds the MariaDB/MySQL password (systemd
	// LoadCredential=db-password); DBPassword is read from it or from
	// ARSHLINE_DB_PASSWORD, and never logged.
	DBPasswordFile string
	DBPassword     string
	// StateDir is where files beside the store go by default (uploads,
	// exports): the SQLite file's directory, or for a MariaDB/MySQL
	// store $STATE_DIRECTORY (./data outside systemd).
	StateDir string
	// NodeName names this daemon among the hosts sharing a MariaDB/MySQL
	// store (default: the host name); the Hosha2 jobs it runs carry it.
	NodeName    string
	Synchronous string
	LogDir      string
	LogLevel    string
	Locale      string

	OpenAIBaseURL string
	OpenAIModel   string
	OpenAIKeyFile string
	OpenAIKey     string // from ARSHLINE_OPENAI_API_KEY or the key file; never logged
	OpenAITimeout time.Duration
	// OpenAIMaxTokens and OpenAIPlanMaxTokens are the answer budgets
	// (max_tokens) of Hosha2 and of ai.plan; lowered per request when the
	// server states a smaller context window.
	OpenAIMaxTokens     int
	OpenAIPlanMaxTokens int
	// OpenAIAllowHTTPHosts are hosts the operator allows plain http to
	// (a LAN box, a docker service name); loopback needs no naming.
	OpenAIAllowHTTPHosts []string
	// OpenAICAFile is a PEM file of CAs trusted for the model server's
	// https beside the system's (a private CA).
	OpenAICAFile string
	// OpenAIProbe probes the model server in the background at start.
	OpenAIProbe bool

	MaxConns         int
	MaxFrameBytes    int
	IdleTimeout      time.Duration
	ShutdownTimeout  time.Duration
	PlanMaxSteps     int
	PlannerMaxFields int
	RatePerMinute    int
	Hosha2MaxRunning int
	// Retention: finished Hosha2 jobs and audit rows older than these are
	// deleted (0 keeps them).
	JobRetention   time.Duration
	AuditRetention time.Duration
	// Submissions: spam defences and limits (daemon/submissions).
	SubmitMinFill            time.Duration
	FormTokenTTL             time.Duration
	FormTokenGrace           time.Duration
	FormTokenReuse           bool
	SubmitPerClientPerMinute int
	SubmitPerFormPerMinute   int
	// Mobile numbers verified by a code texted to them.
	OTPTTL              time.Duration
	OTPTries            int
	OTPResendAfter      time.Duration
	OTPPerMobilePerHour int
	OTPPerClientPerHour int
	OTPPerFormPerHour   int
	OTPPerSitePerDay    int
	PlanCacheTTL        time.Duration
	// NotifyPerFormPerHour and NotifyPerReceiverPerHour bound the
	// notification texts (and, apart, mails) a form's submissions owe in
	// any hour, and one receiver is owed from every form of the site;
	// past them a delivery is logged failed, not sent. 0 is no bound.
	NotifyPerFormPerHour     int
	NotifyPerReceiverPerHour int
	// NotifyRetryBase is the wait after a notification's first failed
	// attempt, doubled after each further one up to an hour.
	NotifyRetryBase time.Duration
	// NotifyTimeout bounds one request to the SMS provider; a text is
	// leased for it and ten seconds more.
	NotifyTimeout time.Duration
	// NotifyEmailLease is how long a mail the plugin claimed is its own
	// to send and report before it comes due again.
	NotifyEmailLease time.Duration
	// NotifyRetention is how long a sent notification keeps its text and
	// its receiver unmasked; 0 keeps them.
	NotifyRetention time.Duration

	// UploadDir holds the files respondents upload (daemon/uploads):
	// outside any web root; by default uploads/ beside the database.
	UploadDir string
	// UploadMaxBytes caps one file whatever its question allows, and
	// UploadPendingBytes the bytes of one form's files not yet claimed
	// by a submission.
	UploadMaxBytes     int64
	UploadPendingBytes int64
	// UploadStartsPerMinute and UploadChunksPerMinute are what one
	// client (the shim's hash of its address) may begin and send.
	UploadStartsPerMinute int
	UploadChunksPerMinute int
	// The bounds of what anonymous uploads may hold (daemon/uploads).
	UploadMaxInProgress          int
	UploadMaxInProgressPerClient int
	UploadIdleTimeout            time.Duration
	UploadMinBytesPerSecond      int64
	UploadFormQuotaBytes         int64
	UploadSiteQuotaBytes         int64
	UploadClientBytesPerHour     int64
	UploadMinFreeBytes           int64
	UploadMinFreePercent         int

	// WebhooksAllowLoopbackHTTP lets webhooks go over plain http to a
	// loopback address, and over https to loopback and private
	// addresses: tests and a receiver on the same host. Off, a form's
	// author cannot point a webhook at the host's own services.
	WebhooksAllowLoopbackHTTP bool
	// WebhookBodyRetention is how long a delivered webhook keeps its
	// body (0 keeps bodies).
	WebhookBodyRetention time.Duration

	// SMSAllowHTTPHosts are hosts an SMS base URL may name over plain
	// http besides loopback (a self-hosted gateway on the LAN).
	SMSAllowHTTPHosts []string
}

// LLMConfigured reports whether model-backed features can run: a model
// is named. A key is optional: self-hosted servers (Ollama, llama.cpp,
// vLLM without --api-key) need none, and then none is sent.
func (c *Config) LLMConfigured() bool { return c.OpenAIModel != "" }

// defaultPath puts a file under a systemd-provided directory when the
// service manager gave one, else under the working directory, so a new
// user needs neither root nor configuration.
func defaultPath(getenv func(string) string, envDir, fallback, name string) string {
	if dir := getenv(envDir); dir != "" {
		// systemd may pass several colon-separated directories; the first is ours.
		dir, _, _ = strings.Cut(dir, ":")
		return filepath.Join(dir, name)
	}
	return filepath.Join(fallback, name)
}

// ParseConfig reads flags from args and ARSHLINE_* variables from getenv.
func ParseConfig(fs *flag.FlagSet, args []string, getenv func(string) string) (*Config, error) {
	c := &Config{}
	var socketMode, allowUIDs, allowGIDs, operatorUIDs, allowHTTP, smsAllowHTTP string
	fs.StringVar(&c.Socket, "socket", defaultPath(getenv, "RUNTIME_DIRECTORY", ".", "arshlined.sock"), "Unix socket path to listen on")
	fs.StringVar(&socketMode, "socket-mode", "0660", "permission bits of the socket file (octal)")
	fs.StringVar(&c.SocketGroup, "socket-group", "", "group (name or gid) that owns the socket; empty keeps the default")
	fs.StringVar(&allowUIDs, "allow-uids", "", "comma-separated users (names or uids) allowed to connect besides root and the daemon's own user; their calls must name an actor (the site's PHP user)")
	fs.StringVar(&allowGIDs, "allow-gids", "", "comma-separated groups (names or gids) whose members may connect when it is their effective group; a convenience, not a boundary; none by default")
	fs.StringVar(&operatorUIDs, "operator-uids", "", "comma-separated users (names or uids) who, like root and the daemon's own user, may call without an actor and act as the operator")
	fs.StringVar(&c.DB, "db", defaultPath(getenv, "STATE_DIRECTORY", "data", "arshline.db"), "SQLite database file, or mysql://USER@unix(/run/mysqld/mysqld.sock)/DB?prefix=arsh_ or mysql://USER@tcp(HOST:3306)/DB?tls=true&prefix=arsh_ for a MariaDB/MySQL database shared by several hosts")
	fs.StringVar(&c.NodeName, "node-name", "", "this daemon's name among the hosts sharing a MariaDB/MySQL store (default: the host name); give each daemon its own")
	fs.StringVar(&c.DBPasswordFile, "db-password-file", defaultCredential(getenv, "db-password"), "file holding the MariaDB/MySQL password (systemd LoadCredential=db-password); ARSHLINE_DB_PASSWORD also works")
	fs.StringVar(&c.Synchronous, "db-synchronous", "FULL", "SQLite synchronous pragma: FULL keeps every acknowledged change across power loss")
	fs.StringVar(&c.LogDir, "log-dir", defaultLogDir(getenv), "directory of the NDJSON event log hooshyar2-log.txt")
	fs.StringVar(&c.LogLevel, "log-level", "INFO", "DEBUG, INFO, WARN or ERROR")
	fs.StringVar(&c.Locale, "locale", "fa_IR", "language of messages when the caller does not say (fa_IR or en_US)")
	fs.StringVar(&c.OpenAIBaseURL, "openai-base-url", "https://api.openai.com/v1", "OpenAI-compatible API base URL (https, or http on loopback or to a host named in --openai-allow-http-host)")
	fs.StringVar(&c.OpenAIModel, "openai-model", "", "model name; empty disables LLM features")
	fs.StringVar(&c.OpenAIKeyFile, "openai-key-file", defaultKeyFile(getenv), "file holding the API key (systemd LoadCredential=)")
	fs.DurationVar(&c.OpenAITimeout, "openai-timeout", 60*time.Second, "deadline of one model call, its retries and waits included")
	fs.IntVar(&c.OpenAIMaxTokens, "openai-max-tokens", 8000, "answer budget (max_tokens) of a Hosha2 generation or edit; lowered automatically when the server states a smaller context")
	fs.IntVar(&c.OpenAIPlanMaxTokens, "openai-plan-max-tokens", 2000, "answer budget (max_tokens) of an ai.plan model call")
	fs.StringVar(&allowHTTP, "openai-allow-http-host", "", "comma-separated hosts the model may be reached at over plain http (a LAN address or docker name); the key, if any, then travels unencrypted")
	fs.StringVar(&c.OpenAICAFile, "openai-ca-file", "", "PEM file of CA certificates trusted for the model server's https (a private CA)")
	fs.BoolVar(&c.OpenAIProbe, "openai-probe", true, "probe the model server at start, in the background (GET /v1/models and a small structured request)")
	fs.IntVar(&c.MaxConns, "max-conns", 256, "simultaneous client connections")
	fs.IntVar(&c.MaxFrameBytes, "max-frame-bytes", 1<<20, "largest JSON-RPC frame accepted")
	fs.DurationVar(&c.IdleTimeout, "idle-timeout", 2*time.Minute, "close a connection silent for this long")
	fs.DurationVar(&c.ShutdownTimeout, "shutdown-timeout", 10*time.Second, "how long calls in flight may finish on shutdown")
	fs.IntVar(&c.PlanMaxSteps, "plan-max-steps", 12, "most steps in an arshline plan")
	fs.IntVar(&c.PlannerMaxFields, "planner-max-fields", 6, "most fields the internal planner adds per command")
	fs.IntVar(&c.RatePerMinute, "rate-per-minute", 10, "model calls per user per minute")
	fs.DurationVar(&c.JobRetention, "job-retention", 30*24*time.Hour, "delete finished Hosha2 jobs older than this (0 keeps them)")
	fs.DurationVar(&c.AuditRetention, "audit-retention", 365*24*time.Hour, "delete audit rows older than this (0 keeps them); an undo token lives no longer than its audit row")
	fs.IntVar(&c.Hosha2MaxRunning, "hosha2-max-running", 16, "Hosha2 requests running at once, all users together; past it RATE_LIMIT")
	fs.DurationVar(&c.SubmitMinFill, "submit-min-fill", 3*time.Second, "least time between loading a form and sending it (a person reads first); 0 turns the check off")
	fs.DurationVar(&c.FormTokenTTL, "form-token-ttl", 24*time.Hour, "how long a loaded form may be answered")
	fs.DurationVar(&c.FormTokenGrace, "form-token-grace", 10*time.Minute, "how long after a form's newer version a page of the older one may still be sent (0 refuses it at once)")
	fs.BoolVar(&c.FormTokenReuse, "form-token-reuse", false, "let one form token send many submissions (load measurements only; off, a token is one accepted submission)")
	fs.IntVar(&c.SubmitPerClientPerMinute, "submit-per-client-per-minute", 10, "submissions one client may send in any 60 s; 0 turns the limit off")
	fs.IntVar(&c.SubmitPerFormPerMinute, "submit-per-form-per-minute", 600, "submissions one form accepts in any 60 s; 0 turns the limit off")
	fs.DurationVar(&c.OTPTTL, "otp-ttl", 5*time.Minute, "how long a code texted to verify a mobile number is valid")
	fs.IntVar(&c.OTPTries, "otp-tries", 5, "wrong tries that burn a code texted to verify a mobile number")
	fs.DurationVar(&c.OTPResendAfter, "otp-resend-after", time.Minute, "wait before another code to the same number; it doubles with each code in the hour, up to 15 minutes")
	fs.IntVar(&c.OTPPerMobilePerHour, "otp-per-mobile-per-hour", 5, "codes texted to one number in any hour, all the site's forms together; 0 turns the limit off")
	fs.IntVar(&c.OTPPerClientPerHour, "otp-per-client-per-hour", 10, "codes one client (an address) may ask for in any hour; 0 turns the limit off")
	fs.IntVar(&c.OTPPerFormPerHour, "otp-per-form-per-hour", 200, "codes one form may text in any hour; 0 turns the limit off")
	fs.IntVar(&c.OTPPerSitePerDay, "otp-per-site-per-day", 1000, "codes one site's forms may text in any 24 hours; 0 turns the limit off")
	fs.IntVar(&c.NotifyPerFormPerHour, "notify-per-form-per-hour", 100, "notification texts (and, apart, mails) one form's submissions are owed in any hour; past it each is logged failed, not sent; 0 turns the bound off")
	fs.IntVar(&c.NotifyPerReceiverPerHour, "notify-per-receiver-per-hour", 20, "notification texts (and, apart, mails) one number or address is owed in any hour from every form of the site; 0 turns the bound off")
	fs.DurationVar(&c.NotifyRetryBase, "notify-retry-base", 30*time.Second, "wait after a notification's first failed attempt, doubled after each further one up to an hour")
	fs.DurationVar(&c.NotifyTimeout, "notify-timeout", 15*time.Second, "bound of one request to the SMS provider for a notification")
	fs.DurationVar(&c.NotifyRetention, "notify-retention", 7*24*time.Hour, "empty a sent notification's text and mask its receiver this long after it was sent (0 keeps them; at least 1h, the hourly bounds' window)")
	fs.DurationVar(&c.NotifyEmailLease, "notify-email-lease", 2*time.Minute, "how long a notification mail the plugin took is its own to send and report before it is due again")
	fs.DurationVar(&c.PlanCacheTTL, "plan-cache-ttl", 10*time.Minute, "how long an LLM plan for the same text is reused")
	fs.StringVar(&c.UploadDir, "upload-dir", "", "directory of uploaded files, created 0700; never inside a web root (default: uploads/ beside --db)")
	fs.Int64Var(&c.UploadMaxBytes, "upload-max-bytes", 10<<20, "largest file accepted for any file question")
	fs.Int64Var(&c.UploadPendingBytes, "upload-pending-bytes", 256<<20, "most bytes of one form's uploads not yet sent with an answer")
	fs.IntVar(&c.UploadStartsPerMinute, "upload-starts-per-minute", 30, "uploads one client may begin per minute")
	fs.IntVar(&c.UploadChunksPerMinute, "upload-chunks-per-minute", 600, "upload chunks (256 KiB each) one client may send per minute")
	fs.DurationVar(&c.WebhookBodyRetention, "webhook-body-retention", 7*24*time.Hour, "empty a delivered webhook's body (a copy of the answers) this long after its delivery (0 keeps them)")
	fs.IntVar(&c.UploadMaxInProgress, "upload-max-in-progress", 1024, "uploads in progress in the whole daemon")
	fs.IntVar(&c.UploadMaxInProgressPerClient, "upload-max-in-progress-per-client", 8, "uploads in progress of one client (an address; an IPv6 /64)")
	fs.DurationVar(&c.UploadIdleTimeout, "upload-idle-timeout", 2*time.Minute, "an upload with no chunk for this long loses its slot")
	fs.Int64Var(&c.UploadMinBytesPerSecond, "upload-min-bytes-per-second", 1024, "least average pace, once the idle timeout has passed, that keeps an upload's slot")
	fs.Int64Var(&c.UploadFormQuotaBytes, "upload-form-quota-bytes", 1<<30, "most bytes of files, pending or sent with answers, one form keeps (0: no quota)")
	fs.Int64Var(&c.UploadSiteQuotaBytes, "upload-site-quota-bytes", 4<<30, "most bytes of files one site keeps, all its forms together (0: no quota)")
	fs.Int64Var(&c.UploadClientBytesPerHour, "upload-client-bytes-per-hour", 200<<20, "bytes of files one client may send in an hour (0: no budget)")
	fs.Int64Var(&c.UploadMinFreeBytes, "upload-min-free-bytes", 1<<30, "uploads stop below this much free space on the upload directory's file system (0: no floor)")
	fs.IntVar(&c.UploadMinFreePercent, "upload-min-free-percent", 5, "uploads stop below this share of the file system free (0: no floor); the larger floor applies")
	fs.StringVar(&smsAllowHTTP, "sms-allow-http-host", "", "comma-separated hosts an SMS provider's base URL may name over plain http besides loopback (a self-hosted gateway); the key then travels unencrypted")
	fs.BoolVar(&c.WebhooksAllowLoopbackHTTP, "webhooks-allow-loopback-http", false, "deliver webhooks over plain http to loopback addresses, and over https to loopback and private ones (tests, a receiver on this host)")

	// Environment first, so that flags given on the command line override it.
	var envErr error
	fs.VisitAll(func(f *flag.Flag) {
		name := "ARSHLINE_" + strings.ToUpper(strings.ReplaceAll(f.Name, "-", "_"))
		if v, ok := lookup(getenv, name); ok {
			if err := f.Value.Set(v); err != nil {
				envErr = errors.Join(envErr, fmt.Errorf("%s=%q: %w", name, v, err))
			}
		}
	})
	if envErr != nil {
		return nil, envErr
	}
	if err := fs.Parse(args); err != nil {
		return nil, err
	}
	mode, err := strconv.ParseUint(socketMode, 8, 32)
	if err != nil || mode > 0o777 {
		return nil, fmt.Errorf("--socket-mode %q is not an octal permission like 0660", socketMode)
	}
	c.SocketMode = os.FileMode(mode)
	if c.AllowUIDs, err = parseIDs(allowUIDs, lookupUID); err != nil {
		return nil, fmt.Errorf("--allow-uids: %w", err)
	}
	if c.AllowGIDs, err = parseIDs(allowGIDs, lookupGID); err != nil {
		return nil, fmt.Errorf("--allow-gids: %w", err)
	}
	if c.OperatorUIDs, err = parseIDs(operatorUIDs, lookupUID); err != nil {
		return nil, fmt.Errorf("--operator-uids: %w", err)
	}
	if _, ok := logx.ParseLevel(c.LogLevel); !ok {
		return nil, fmt.Errorf("--log-level %q is not DEBUG, INFO, WARN or ERROR", c.LogLevel)
	}
	c.OpenAIAllowHTTPHosts = hostList(allowHTTP)
	c.SMSAllowHTTPHosts = hostList(smsAllowHTTP)
	if err := models.CheckBaseURL(c.OpenAIBaseURL, c.OpenAIAllowHTTPHosts); err != nil {
		return nil, err
	}
	if c.OpenAICAFile != "" {
		if _, err := os.Stat(c.OpenAICAFile); err != nil {
			return nil, fmt.Errorf("--openai-ca-file: %w", err)
		}
	}
	if c.OpenAIMaxTokens < 1 || c.OpenAIPlanMaxTokens < 1 {
		return nil, errors.New("--openai-max-tokens and --openai-plan-max-tokens must be positive")
	}
	c.OpenAIKey = strings.TrimSpace(getenv("ARSHLINE_OPENAI_API_KEY"))
	if c.OpenAIKey == "" && c.OpenAIKeyFile != "" {
		b, err := os.ReadFile(c.OpenAIKeyFile)
		switch {
		case err == nil:
			c.OpenAIKey = strings.TrimSpace(string(b))
		case !errors.Is(err, os.ErrNotExist) || fs.Lookup("openai-key-file").Value.String() != defaultKeyFile(getenv):
			return nil, fmt.Errorf("--openai-key-file: %w", err)
		}
	}
	c.StateDir = filepath.Dir(c.DB)
	if sqlstore.IsMySQL(c.DB) {
		c.StateDir = defaultPath(getenv, "STATE_DIRECTORY", "data", "")
		c.DBPassword = strings.TrimSpace(getenv("ARSHLINE_DB_PASSWORD"))
		if c.DBPassword == "" && c.DBPasswordFile != "" {
			// The unit's credential is blank when /etc/arshline/db-password
			// does not exist: no password (unix_socket authentication). A
			// file named on the command line must hold one.
			named := fs.Lookup("db-password-file").Value.String() != defaultCredential(getenv, "db-password")
			p, err := sqlstore.ReadPasswordFile(c.DBPasswordFile)
			switch {
			case err == nil:
				c.DBPassword = p
			case named || !errors.Is(err, os.ErrNotExist) && !errors.Is(err, sqlstore.ErrEmptyPassword):
				return nil, fmt.Errorf("--db-password-file: %w", err)
			}
		}
		if _, err := sqlstore.ParseMySQL(c.DB, c.DBPassword); err != nil {
			return nil, fmt.Errorf("--db: %w", err)
		}
	}
	if c.UploadDir == "" {
		c.UploadDir = filepath.Join(c.StateDir, "uploads")
	}
	if c.UploadMaxBytes < 1 || c.UploadPendingBytes < 1 || c.UploadStartsPerMinute < 1 || c.UploadChunksPerMinute < 1 ||
		c.UploadMaxInProgress < 1 || c.UploadMaxInProgressPerClient < 1 || c.UploadIdleTimeout <= 0 || c.UploadMinBytesPerSecond < 0 {
		return nil, errors.New("--upload-max-bytes, --upload-pending-bytes, --upload-starts-per-minute, --upload-chunks-per-minute, --upload-max-in-progress, --upload-max-in-progress-per-client and --upload-idle-timeout must be positive")
	}
	if c.UploadFormQuotaBytes < 0 || c.UploadSiteQuotaBytes < 0 || c.UploadClientBytesPerHour < 0 || c.UploadMinFreeBytes < 0 ||
		c.UploadMinFreePercent < 0 || c.UploadMinFreePercent > 90 {
		return nil, errors.New("upload quotas, budgets and free-space floors must not be negative (--upload-min-free-percent at most 90)")
	}
	if c.JobRetention < 0 || c.AuditRetention < 0 || c.WebhookBodyRetention < 0 {
		return nil, errors.New("retention periods must not be negative")
	}
	if c.SubmitMinFill < 0 || c.FormTokenTTL <= 0 || c.FormTokenGrace < 0 || c.SubmitPerClientPerMinute < 0 || c.SubmitPerFormPerMinute < 0 {
		return nil, errors.New("submit limits must not be negative, and form-token-ttl must be positive")
	}
	if c.NotifyPerFormPerHour < 0 || c.NotifyPerReceiverPerHour < 0 || c.NotifyRetryBase < 0 || c.NotifyTimeout < 0 || c.NotifyEmailLease < 0 ||
		c.NotifyRetention < 0 || c.NotifyRetention > 0 && c.NotifyRetention < time.Hour {
		return nil, errors.New("notify limits and durations must not be negative, and notify-retention is 0 (keep) or at least 1h")
	}
	if c.PlanMaxSteps < 1 || c.PlannerMaxFields < 1 || c.RatePerMinute < 1 || c.Hosha2MaxRunning < 1 || c.MaxConns < 1 || c.MaxFrameBytes < 1024 {
		return nil, errors.New("limits must be positive (max-frame-bytes at least 1024)")
	}
	return c, nil
}

// hostList is a comma-separated list of host names.
func hostList(s string) []string {
	var hosts []string
	for _, h := range strings.Split(s, ",") {
		if h = strings.TrimSpace(h); h != "" {
			hosts = append(hosts, h)
		}
	}
	return hosts
}

func lookup(getenv func(string) string, name string) (string, bool) {
	v := getenv(name)
	return v, v != ""
}

func defaultLogDir(getenv func(string) string) string {
	if dir := getenv("LOGS_DIRECTORY"); dir != "" {
		dir, _, _ = strings.Cut(dir, ":")
		return dir
	}
	return filepath.Join("data", "logs")
}

// defaultCredential is the systemd credential name when the unit passes
// credentials, else nothing.
func defaultCredential(getenv func(string) string, name string) string {
	if dir := getenv("CREDENTIALS_DIRECTORY"); dir != "" {
		return filepath.Join(dir, name)
	}
	return ""
}

// StoreOptions are the options the store is opened with.
func (c *Config) StoreOptions() sqlstore.Options {
	return sqlstore.Options{Synchronous: c.Synchronous, Password: c.DBPassword, LocalDir: c.StateDir, Host: c.NodeName}
}

func defaultKeyFile(getenv func(string) string) string {
	if dir := getenv("CREDENTIALS_DIRECTORY"); dir != "" {
		return filepath.Join(dir, "openai-key")
	}
	return ""
}

func parseIDs(s string, byName func(string) (uint32, error)) ([]uint32, error) {
	var out []uint32
	for _, part := range strings.Split(s, ",") {
		part = strings.TrimSpace(part)
		if part == "" {
			continue
		}
		if n, err := strconv.ParseUint(part, 10, 32); err == nil {
			out = append(out, uint32(n))
			continue
		}
		id, err := byName(part)
		if err != nil {
			return nil, err
		}
		out = append(out, id)
	}
	return out, nil
}

func lookupUID(name string) (uint32, error) {
	u, err := user.Lookup(name)
	if err != nil {
		return 0, err
	}
	n, err := strconv.ParseUint(u.Uid, 10, 32)
	return uint32(n), err
}

func lookupGID(name string) (uint32, error) {
	g, err := user.LookupGroup(name)
	if err != nil {
		return 0, err
	}
	n, err := strconv.ParseUint(g.Gid, 10, 32)
	return uint32(n), err
}
