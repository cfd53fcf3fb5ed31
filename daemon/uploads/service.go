package uploads

import (
	"context"
	"crypto/rand"
	"crypto/sha256"
	"encoding/base64"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"hash"
	"hash/fnv"
	"strings"
	"sync"
	"sync/atomic"
	"time"
	"unicode"
	"unicode/utf8"

	"github.com/gabriel-vasile/mimetype"

	"github.com/arshline/arshline-sidecar/daemon/document"
	"github.com/arshline/arshline-sidecar/daemon/domain"
	"github.com/arshline/arshline-sidecar/daemon/limit"
	"github.com/arshline/arshline-sidecar/daemon/messages"
)

// Limits of the transfer.
const (
	// ChunkBytes is the most bytes one call carries (before base64, which
	// makes them 4/3 as many): far under the socket's 1 MiB frame.
	ChunkBytes = 256 << 10
	// DefaultMaxFileBytes is the daemon-wide cap of one file.
	DefaultMaxFileBytes = 10 << 20
	// DefaultMaxPendingBytes caps the bytes of one form's uploads that
	// no submission has claimed yet, received or being received.
	DefaultMaxPendingBytes = 256 << 20
	// DefaultStartsPerMinute is how many uploads one client may begin in
	// any minute, and DefaultChunksPerMinute how many chunks it may send
	// (600 chunks are 150 MiB).
	DefaultStartsPerMinute = 30
	DefaultChunksPerMinute = 600
	// PartTTL is how long a part file left by a lost upload stays in
	// parts/, and PendingTTL how long a received file waits for a
	// submission.
	PartTTL    = time.Hour
	PendingTTL = 24 * time.Hour
	// DefaultIdleTimeout is how long an upload in progress keeps its slot
	// without a chunk; DefaultMinBytesPerSecond the least average pace,
	// counted from its first chunk once the idle timeout has passed, that
	// keeps it (a byte a minute does not).
	DefaultIdleTimeout       = 2 * time.Minute
	DefaultMinBytesPerSecond = 1024
	// DefaultMaxTransfers bounds the uploads in progress in the whole
	// daemon (each holds a part file and a little memory), and
	// DefaultMaxTransfersPerClient those of one client (an address, an
	// IPv6 /64 as the shim hashes it): a form may ask for several files.
	DefaultMaxTransfers          = 1024
	DefaultMaxTransfersPerClient = 8
	// DefaultFormQuotaBytes and DefaultSiteQuotaBytes bound the files,
	// pending or claimed, one form and one site keep.
	DefaultFormQuotaBytes = 1 << 30
	DefaultSiteQuotaBytes = 4 << 30
	// DefaultClientBytesPerHour is what one client may send in an hour.
	DefaultClientBytesPerHour = 200 << 20
	// DefaultMinFreeBytes and DefaultMinFreePercent are the free space
	// below which uploads stop (the larger of the two), so that the
	// database, which every site writes, never runs out of room.
	DefaultMinFreeBytes   = 1 << 30
	DefaultMinFreePercent = 5
	// SweepEvery is how often the sweeper runs.
	SweepEvery = 5 * time.Minute
	// maxLimitedClients bounds the clients the rate limiters and the
	// byte budget hold: the keys are what anonymous callers send.
	maxLimitedClients = 1 << 16
	// sweepBatch is how many pending uploads one sweeping transaction
	// deletes, so the writer is never held long.
	sweepBatch = 256
	// sniffBytes is how much of a file's start the type is read from
	// (mimetype's read limit, 4096 in v1.4.16).
	sniffBytes   = 4096
	maxNameBytes = 255
	maxIDBytes   = 128
)

// Records is what the service needs of the store (sqlstore.DB).
type Records interface {
	// FormIDByPublicToken finds the form a public token names.
	FormIDByPublicToken(ctx context.Context, token string) (int64, error)
	// GetForm returns a live form of the site with its head document.
	GetForm(ctx context.Context, siteID, id int64) (*domain.Form, error)
	// GetVersion returns one version of the site's form.
	GetVersion(ctx context.Context, siteID, formID, versionID int64) (*domain.Version, error)
	// KeptSubmissions counts a form's kept submissions (no spam), which
	// settings.max_submissions bounds.
	KeptSubmissions(ctx context.Context, formID int64) (int64, error)
	// PendingUploadBytes is the size of the form's unclaimed uploads.
	PendingUploadBytes(ctx context.Context, formID int64) (int64, error)
	// UploadUsage is the bytes of files, pending or claimed, the form and
	// its site keep.
	UploadUsage(ctx context.Context, siteID, formID int64) (formBytes, siteBytes int64, err error)
	// InsertPendingUpload records u as pending unless the form's pending
	// bytes or the form's or site's quota would be passed (TOO_LARGE).
	InsertPendingUpload(ctx context.Context, u *domain.Upload, lim domain.UploadLimits) error
	// GetSubmissionUpload returns an upload a submission of the site's
	// form claimed; NOT_FOUND otherwise.
	GetSubmissionUpload(ctx context.Context, siteID, formID, submissionID int64, id string) (*domain.Upload, error)
	// SweepPendingUploads deletes at most limit pending uploads made
	// before before and returns them.
	SweepPendingUploads(ctx context.Context, before time.Time, limit int) ([]domain.Upload, error)
	// StoredUploadNames returns the stored name of every upload row.
	StoredUploadNames(ctx context.Context) (map[string]bool, error)
}

// Config is what New needs; zero limits take the defaults above.
type Config struct {
	Records Records
	Files   *Store
	// VerifyFormToken checks the form_token forms.public gave the
	// respondent for form (its age, and its version against the form's
	// current one) and returns the version it was given for. Without it
	// no upload is taken (UNAVAILABLE).
	VerifyFormToken func(ctx context.Context, formToken string, form *domain.Form) (versionID int64, err error)
	MaxFileBytes    int64
	MaxPendingBytes int64
	StartsPerMinute int
	ChunksPerMinute int
	// MaxTransfers and MaxTransfersPerClient bound the uploads in
	// progress in the daemon and of one client.
	MaxTransfers          int
	MaxTransfersPerClient int
	// IdleTimeout and MinBytesPerSecond decide when an upload in progress
	// has stalled and loses its slot.
	IdleTimeout       time.Duration
	MinBytesPerSecond int64
	// FormQuotaBytes and SiteQuotaBytes bound the files one form and one
	// site keep, pending or claimed; negative turns a quota off.
	FormQuotaBytes int64
	SiteQuotaBytes int64
	// ClientBytesPerHour is what one client may send in an hour.
	ClientBytesPerHour int64
	// MinFreeBytes and MinFreePercent are the free space of the upload
	// directory's file system below which uploads stop (the larger);
	// negative turns a floor off.
	MinFreeBytes   int64
	MinFreePercent int
	// FreeSpace reports the file system's free and total bytes (nil:
	// statfs of the upload directory).
	FreeSpace func() (free, total uint64, err error)
	// Now is the clock (nil: time.Now); tests move it.
	Now func() time.Time
	// SharedLimits, when set, keeps the per-client starts and chunks per
	// minute and the bytes per hour in a store every host sees (sqlstore
	// on MariaDB or MySQL), so that the hosts together admit each budget
	// once. An upload in progress stays with the host that took its
	// first chunk.
	SharedLimits SharedLimits
	// Host names this daemon among the web hosts sharing the store; an
	// upload in progress reports it (UploadResult.Host), so that the
	// load balancer can send the upload's next chunks to this host.
	// Empty on a single host.
	Host string
}

// SharedLimits keeps rate windows and byte budgets every host sees.
type SharedLimits interface {
	limit.Shared
	limit.SharedBudget
}

// Service serves submissions.upload and submissions.file.
type Service struct {
	cfg    Config
	starts *limit.Limiter
	chunks *limit.Limiter
	bytes  *limit.Budget

	mu        sync.Mutex
	transfers map[string]*transfer
	// perClient counts each client's transfers, and inflight and
	// siteInflight the bytes received so far by each form's and each
	// site's.
	perClient    map[int64]int
	inflight     map[int64]int64
	siteInflight map[int64]int64
}

// transfer is one upload being received: what its first chunk settled,
// and how far it has come. Its part file holds the bytes so far.
type transfer struct {
	mu     sync.Mutex
	id     string
	client int64
	site   int64
	form   int64
	// pending is the form's pending bytes when the transfer began, and
	// formBytes and siteBytes the files its form and site kept then.
	pending, formBytes, siteBytes int64
	started                       time.Time
	field                         string
	name                          string
	size                          int64
	accept                        []string
	part                          string
	hash                          hash.Hash
	// received and touched (Unix nanoseconds of the last chunk) are read
	// without mu by the search for stalled transfers.
	received atomic.Int64
	touched  atomic.Int64
	gone     bool // aborted or finished: a chunk that waited on mu finds it so
}

// stalled reports whether t has lost its slot at now: no chunk for the
// idle timeout, or, once that long has passed since its first chunk,
// fewer bytes than the least pace would have brought.
func (s *Service) stalled(t *transfer, now time.Time) bool {
	idle := s.cfg.IdleTimeout
	if now.Sub(time.Unix(0, t.touched.Load())) > idle {
		return true
	}
	over := now.Sub(t.started) - idle
	return over > 0 && t.received.Load() < int64(over.Seconds()*float64(s.cfg.MinBytesPerSecond))
}

// New returns the service.
func New(cfg Config) *Service {
	if cfg.MaxFileBytes <= 0 {
		cfg.MaxFileBytes = DefaultMaxFileBytes
	}
	if cfg.MaxPendingBytes <= 0 {
		cfg.MaxPendingBytes = DefaultMaxPendingBytes
	}
	if cfg.StartsPerMinute <= 0 {
		cfg.StartsPerMinute = DefaultStartsPerMinute
	}
	if cfg.ChunksPerMinute <= 0 {
		cfg.ChunksPerMinute = DefaultChunksPerMinute
	}
	if cfg.Now == nil {
		cfg.Now = time.Now
	}
	defaults := []struct {
		v   *int64
		def int64
	}{
		{&cfg.MinBytesPerSecond, DefaultMinBytesPerSecond}, {&cfg.FormQuotaBytes, DefaultFormQuotaBytes},
		{&cfg.SiteQuotaBytes, DefaultSiteQuotaBytes}, {&cfg.ClientBytesPerHour, DefaultClientBytesPerHour},
		{&cfg.MinFreeBytes, DefaultMinFreeBytes},
	}
	for _, d := range defaults {
		if *d.v == 0 {
			*d.v = d.def
		}
	}
	if cfg.MaxTransfers <= 0 {
		cfg.MaxTransfers = DefaultMaxTransfers
	}
	if cfg.MaxTransfersPerClient <= 0 {
		cfg.MaxTransfersPerClient = DefaultMaxTransfersPerClient
	}
	if cfg.IdleTimeout <= 0 {
		cfg.IdleTimeout = DefaultIdleTimeout
	}
	if cfg.MinFreePercent == 0 {
		cfg.MinFreePercent = DefaultMinFreePercent
	}
	if cfg.FreeSpace == nil && cfg.Files != nil {
		cfg.FreeSpace = cfg.Files.freeSpace
	}
	starts := limit.NewBounded(cfg.StartsPerMinute, maxLimitedClients, cfg.Now)
	chunks := limit.NewBounded(cfg.ChunksPerMinute, maxLimitedClients, cfg.Now)
	bytes := limit.NewBudget(cfg.ClientBytesPerHour, time.Hour, maxLimitedClients)
	if cfg.SharedLimits != nil {
		starts.Share(cfg.SharedLimits, "upload_starts")
		chunks.Share(cfg.SharedLimits, "upload_chunks")
		bytes.Share(cfg.SharedLimits, "upload_bytes")
	}
	return &Service{
		cfg:          cfg,
		starts:       starts,
		chunks:       chunks,
		bytes:        bytes,
		transfers:    map[string]*transfer{},
		perClient:    map[int64]int{},
		inflight:     map[int64]int64{},
		siteInflight: map[int64]int64{},
	}
}

// Files is the store of the bytes: the submission path removes a deleted
// submission's files with Files().Remove once the deletion committed.
func (s *Service) Files() *Store { return s.cfg.Files }

// Client is what the shim says of the respondent: a keyed hash of the
// address, which rate limits count by.
type Client struct {
	IPHash    string `json:"ip_hash"`
	UserAgent string `json:"user_agent,omitempty"`
}

// UploadParams is one chunk of submissions.upload.
type UploadParams struct {
	Token     string `json:"token"`
	FormToken string `json:"form_token"`
	Field     string `json:"field"`
	// Name is the file's name on the respondent's device: kept to show,
	// never used to store or to decide the type.
	Name string `json:"name"`
	// Size is the whole file's size, declared by the first chunk and
	// repeated by every other.
	Size     int64  `json:"size"`
	UploadID string `json:"upload_id,omitempty"`
	Offset   int64  `json:"offset"`
	// Data is the chunk's bytes in standard base64, at most ChunkBytes.
	Data   string  `json:"data"`
	Final  bool    `json:"final"`
	Client *Client `json:"client,omitempty"`
}

// UploadResult answers a chunk: the upload id to name in the next chunk
// (and, once final, in the answer) and the bytes received so far. The
// final chunk's answer adds the type sniffed and the file's SHA-256.
type UploadResult struct {
	UploadID string `json:"upload_id"`
	// Host is the web host holding the upload in progress (Config.Host),
	// which its next chunks must reach; absent once the upload is
	// complete, and on a single host.
	Host     string `json:"host,omitempty"`
	Received int64  `json:"received"`
	MIME     string `json:"mime,omitempty"`
	SHA256   string `json:"sha256,omitempty"`
}

// The refusals. Each says what to do; none repeats what was sent.
var (
	errNoVerifier    = domain.Errorf(domain.CodeUnavailable, "file uploads are not available yet")
	errClosed        = domain.Errorf(domain.CodeFormClosed, "this form is not accepting answers")
	errFormToken     = domain.InvalidParams("form_token is not valid for this form; reload the form").With("param", "form_token")
	errUnknownUpload = domain.InvalidParams("upload_id is not an upload in progress for this question; start the upload again").With("param", "upload_id")
	errBase64        = domain.InvalidParams("data must be standard base64; the upload was cancelled, start it again").With("param", "data")
	errChunkSize     = domain.InvalidParams("data must hold 1 to %d bytes (%d KiB); the upload was cancelled, start it again", ChunkBytes, ChunkBytes>>10).With("param", "data")
	errFirstOffset   = domain.InvalidParams("the first chunk of an upload starts at offset 0").With("param", "offset")
	errOverSize      = domain.InvalidParams("the chunks pass the size the upload declared; the upload was cancelled, start it again").With("param", "data")
	errShort         = domain.InvalidParams("the final chunk came before the size the upload declared; the upload was cancelled, start it again").With("param", "final")
	errPendingFull   = domain.Errorf(domain.CodeTooLarge, "this form holds too many files not yet sent with an answer; send your answers, or try again later").With("limit", "pending_bytes")
	errBusy          = domain.Errorf(domain.CodeRateLimit, "too many uploads are in progress; try again in a minute").With("retry_after_sec", 60)
	errClientBusy    = domain.Errorf(domain.CodeRateLimit, "you have too many uploads in progress; let them finish, then send the next file").
				With("retry_after_sec", 60).With("limit", "uploads_in_progress")
	errStalled = domain.InvalidParams("the upload stalled and was cancelled; start it again").With("param", "upload_id")
	// errDiskLow: the server is short of disk space. Uploads stop so
	// that answers without files and the admin's work still have room.
	errDiskLow = domain.Errorf(domain.CodeUnavailable, "files cannot be received now: the server is short of disk space; send your answers without the file, or try again later").With("limit", "disk_free")
)

func errOutOfOrder(want int64) *domain.Error {
	return domain.InvalidParams("chunks must come in order: the next one starts at offset %d; the upload was cancelled, start it again", want).With("param", "offset")
}

func errNotFileField(field string) *domain.Error {
	return domain.InvalidParams("field %q is not a file question of this form", field).With("param", "field")
}

// errTooLarge: the file is over the field's or the daemon's cap.
func errTooLarge(field string, maxBytes int64) *domain.Error {
	kb := (maxBytes + 1023) / 1024
	return domain.Errorf(domain.CodeTooLarge, "the file is too large: at most %d KB are accepted for this question", kb).
		With("field", field).With("max_size_kb", kb)
}

// errType: the bytes are not of a type the field accepts. It has
// daemon/answers' INVALID_SUBMISSION shape, so the form shows it under
// the question.
func errType(field string) *domain.Error {
	text := domain.T("This type of file is not accepted for this question; send a file of the type asked for")
	return domain.Errorf(domain.CodeInvalidSubmission, "One answer needs fixing; see the question").With("fields", []map[string]string{{
		"field":      field,
		"code":       "file_type",
		"message_fa": messages.Render(domain.LocaleFA, text),
		"message_en": text.String(),
	}})
}

func errRate(retry time.Duration) *domain.Error {
	secs := int((retry + time.Second - 1) / time.Second)
	return domain.Errorf(domain.CodeRateLimit, "too many uploads; try again in %d seconds", secs).With("retry_after_sec", secs)
}

// Upload receives one chunk of submissions.upload. The cheap checks come
// first: what the chunk says of itself, then the upload it continues
// (none: refused before anything is kept for its client), and only then
// the client's rate limits, its byte budget and the disk.
func (s *Service) Upload(ctx context.Context, p UploadParams) (*UploadResult, error) {
	actor := domain.ActorFrom(ctx)
	site := actor.Site()
	if s.cfg.VerifyFormToken == nil {
		return nil, errNoVerifier
	}
	if err := checkParams(p); err != nil {
		return nil, err
	}
	client := clientKey(site, actor, p.Client)
	// A chunk of an upload in progress is read against that upload; a
	// refusal from here on cancels it and removes its part file.
	var t *transfer
	if p.UploadID != "" {
		t = s.transfer(p.UploadID)
		if t == nil {
			return nil, errUnknownUpload
		}
		t.mu.Lock()
		defer t.mu.Unlock()
		if t.gone || t.site != site || t.field != p.Field || t.size != p.Size || t.name != cleanName(p.Name) {
			return nil, errUnknownUpload
		}
		if s.stalled(t, s.cfg.Now()) {
			s.drop(t)
			return nil, errStalled
		}
	}
	fail := func(err error) (*UploadResult, error) {
		if t != nil {
			s.drop(t)
		}
		return nil, err
	}
	data, err := decodeChunk(p.Data, p.Final)
	if err != nil {
		return fail(err)
	}
	form, versionID, err := s.openForm(ctx, site, p.Token, p.FormToken)
	if err != nil {
		return fail(err)
	}
	if t != nil && t.form != form.ID {
		return nil, errUnknownUpload
	}
	// Too fast is not a reason to lose what came: the same chunk may
	// come again, so the upload is not cancelled.
	if ok, retry := s.chunks.Allow(client); !ok {
		return nil, errRate(retry)
	}
	if t == nil {
		if t, err = s.start(ctx, site, client, form, versionID, p, data); err != nil {
			return nil, err
		}
		t.mu.Lock()
		defer t.mu.Unlock()
	}
	received := t.received.Load()
	if p.Offset != received {
		return fail(errOutOfOrder(received))
	}
	if received+int64(len(data)) > t.size {
		return fail(errOverSize)
	}
	if len(data) > 0 {
		if err := s.admitBytes(t, len(data)); err != nil {
			return fail(err)
		}
		if err := s.cfg.Files.appendPart(t.part, data); err != nil {
			return fail(err)
		}
		t.hash.Write(data)
	}
	t.touched.Store(s.cfg.Now().UnixNano())
	if !p.Final {
		return &UploadResult{UploadID: t.id, Host: s.cfg.Host, Received: t.received.Load()}, nil
	}
	if t.received.Load() != t.size {
		return fail(errShort)
	}
	u, err := s.finish(ctx, t)
	if err != nil {
		return fail(err)
	}
	s.drop(t)
	return &UploadResult{UploadID: u.ID, Received: u.Size, MIME: u.MIME, SHA256: u.SHA256}, nil
}

// admitBytes lets n more bytes of t in: within its client's byte budget,
// the disk's floor, the form's pending cap and the form's and site's
// storage quotas, all counting the bytes received by the uploads in
// progress, not what they declared (the exact sums are checked again
// when the file is recorded). The bytes count as t's received and as its
// form's and site's in flight once admitted.
func (s *Service) admitBytes(t *transfer, n int) error {
	if err := s.diskRoom(int64(n)); err != nil {
		return err
	}
	if ok, retry := s.bytes.Spend(t.client, int64(n), s.cfg.Now()); !ok {
		return errRate(retry)
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	form, site := s.inflight[t.form]+int64(n), s.siteInflight[t.site]+int64(n)
	switch {
	case t.pending+form > s.cfg.MaxPendingBytes:
		return errPendingFull
	case s.cfg.FormQuotaBytes > 0 && t.formBytes+form > s.cfg.FormQuotaBytes:
		return domain.ErrFormQuota
	case s.cfg.SiteQuotaBytes > 0 && t.siteBytes+site > s.cfg.SiteQuotaBytes:
		return domain.ErrSiteQuota
	}
	s.inflight[t.form], s.siteInflight[t.site] = form, site
	t.received.Add(int64(n))
	return nil
}

// diskRoom refuses n bytes that would bring the upload directory's file
// system under its free-space floor: the larger of MinFreeBytes and
// MinFreePercent of its size. A file system whose space cannot be read
// is taken as full.
func (s *Service) diskRoom(n int64) error {
	if s.cfg.FreeSpace == nil || (s.cfg.MinFreeBytes < 0 && s.cfg.MinFreePercent < 0) {
		return nil
	}
	free, total, err := s.cfg.FreeSpace()
	if err != nil {
		return errDiskLow
	}
	floor := max(s.cfg.MinFreeBytes, 0)
	if s.cfg.MinFreePercent > 0 {
		floor = max(floor, int64(total/100)*int64(s.cfg.MinFreePercent))
	}
	if int64(free)-n < floor {
		return errDiskLow
	}
	return nil
}

// checkParams checks what a chunk says of itself, before anything is read.
func checkParams(p UploadParams) error {
	switch {
	case p.Token == "" || len(p.Token) > maxIDBytes:
		return domain.InvalidParams("token must be the form's public token").With("param", "token")
	case p.FormToken == "" || len(p.FormToken) > 1024:
		return domain.InvalidParams("form_token must be the token the form was loaded with").With("param", "form_token")
	case p.Field == "" || len(p.Field) > maxIDBytes:
		return domain.InvalidParams("field must name a file question").With("param", "field")
	case cleanName(p.Name) == "":
		return domain.InvalidParams("name must be the file's name: 1 to %d bytes of text without control characters", maxNameBytes).With("param", "name")
	case p.Size < 1:
		return domain.InvalidParams("size must be the whole file's size in bytes, at least 1").With("param", "size")
	case p.Offset < 0:
		return domain.InvalidParams("offset must be 0 or more").With("param", "offset")
	case p.UploadID == "" && p.Offset != 0:
		return errFirstOffset
	case len(p.UploadID) > maxIDBytes:
		return errUnknownUpload
	case p.Client != nil && len(p.Client.IPHash) > maxIDBytes:
		return domain.InvalidParams("client.ip_hash is too long").With("param", "client")
	}
	return nil
}

// cleanName is the file's name without any directory part and spaces
// around it, "" when it cannot be a name.
func cleanName(name string) string {
	if i := strings.LastIndexAny(name, `/\`); i >= 0 {
		name = name[i+1:]
	}
	name = strings.TrimSpace(name)
	if name == "" || name == "." || name == ".." || len(name) > maxNameBytes || !utf8.ValidString(name) {
		return ""
	}
	for _, r := range name {
		if unicode.IsControl(r) {
			return ""
		}
	}
	return name
}

// decodeChunk decodes data, refusing it before decoding when it is
// longer than a chunk can be. Only a final chunk may be empty (a file
// whose size is a multiple of the chunks sent).
func decodeChunk(data string, final bool) ([]byte, error) {
	if len(data) > base64.StdEncoding.EncodedLen(ChunkBytes) {
		return nil, errChunkSize
	}
	b, err := base64.StdEncoding.DecodeString(data)
	if err != nil {
		return nil, errBase64
	}
	if len(b) > ChunkBytes || len(b) == 0 && !final {
		return nil, errChunkSize
	}
	return b, nil
}

// clientKey is whom the rate limits count: the shim's hash of the
// respondent's address within the site, or the actor when the call
// names no client.
func clientKey(site int64, actor domain.Actor, c *Client) int64 {
	h := fnv.New64a()
	if c != nil && c.IPHash != "" {
		fmt.Fprintf(h, "%d\x00ip\x00%s", site, c.IPHash)
	} else {
		fmt.Fprintf(h, "%d\x00user\x00%d", site, actor.UserID)
	}
	return int64(h.Sum64() >> 1)
}

// openForm finds the published, open form of the site whose public
// token is token (exactly), and the version formToken was given for. A
// form that is missing, of another site, a draft, disabled or past
// close_at gets one answer, FORM_CLOSED, as forms.public gives.
func (s *Service) openForm(ctx context.Context, site int64, token, formToken string) (*domain.Form, int64, error) {
	id, err := s.cfg.Records.FormIDByPublicToken(ctx, token)
	var form *domain.Form
	if err == nil {
		form, err = s.cfg.Records.GetForm(ctx, site, id)
	}
	if domain.ErrorCode(err) == domain.CodeNotFound {
		return nil, 0, errClosed
	}
	if err != nil {
		return nil, 0, err
	}
	if form.PublicToken != token || form.Status != domain.StatusPublished || pastCloseAt(form.Document, s.cfg.Now()) {
		return nil, 0, errClosed
	}
	versionID, err := s.cfg.VerifyFormToken(ctx, formToken, form)
	if err != nil {
		var de *domain.Error
		if errors.As(err, &de) {
			return nil, 0, de
		}
		return nil, 0, errFormToken
	}
	return form, versionID, nil
}

// pastCloseAt reports whether the form's settings.close_at has come.
func pastCloseAt(d domain.Document, now time.Time) bool {
	at, ok := d.Settings["close_at"].(string)
	if !ok || at == "" {
		return false
	}
	t, err := time.Parse(time.RFC3339, at)
	return err == nil && !now.Before(t)
}

// maxSubmissions is the form's settings.max_submissions, if it has one.
func maxSubmissions(d domain.Document) (int64, bool) {
	switch v := d.Settings["max_submissions"].(type) {
	case float64:
		return int64(v), v > 0
	case json.Number:
		n, err := v.Int64()
		return n, err == nil && n > 0
	}
	return 0, false
}

// fileField finds file question id in the document.
func fileField(d domain.Document, id string) (*document.Field, bool) {
	for _, raw := range d.Fields {
		if raw["id"] != id {
			continue
		}
		b, err := json.Marshal(raw)
		if err != nil {
			return nil, false
		}
		var f document.Field
		if json.Unmarshal(b, &f) != nil || f.Type != domain.FieldFile {
			return nil, false
		}
		return &f, true
	}
	return nil, false
}

// start checks a first chunk against the form's fullness, the question
// it is for and the caps, and opens its transfer. When the chunk holds as many bytes as
// the sniffer reads (or the whole file), a type the question does not
// accept is refused now rather than after the whole file has come.
func (s *Service) start(ctx context.Context, site, client int64, form *domain.Form, versionID int64, p UploadParams, data []byte) (*transfer, error) {
	if n, ok := maxSubmissions(form.Document); ok {
		// Read outside the writer, as forms.public does: a form one short
		// of full still takes files, and submissions.submit counts again.
		kept, err := s.cfg.Records.KeptSubmissions(ctx, form.ID)
		if err != nil {
			return nil, err
		}
		if kept >= n {
			return nil, errClosed
		}
	}
	v, err := s.cfg.Records.GetVersion(ctx, site, form.ID, versionID)
	if domain.ErrorCode(err) == domain.CodeNotFound {
		return nil, errFormToken
	}
	if err != nil {
		return nil, err
	}
	f, ok := fileField(v.State.Document, p.Field)
	if !ok {
		return nil, errNotFileField(p.Field)
	}
	maxBytes := s.cfg.MaxFileBytes
	if f.MaxSizeKB != nil && int64(*f.MaxSizeKB)*1024 < maxBytes {
		maxBytes = int64(*f.MaxSizeKB) * 1024
	}
	if p.Size > maxBytes {
		return nil, errTooLarge(p.Field, maxBytes)
	}
	if (len(data) >= sniffBytes || int64(len(data)) == p.Size) && !accepts(mimetype.Detect(data), f.Accept) {
		return nil, errType(p.Field)
	}
	if ok, retry := s.starts.Allow(client); !ok {
		return nil, errRate(retry)
	}
	if err := s.diskRoom(p.Size); err != nil {
		return nil, err
	}
	pending, err := s.cfg.Records.PendingUploadBytes(ctx, form.ID)
	if err != nil {
		return nil, err
	}
	formBytes, siteBytes, err := s.cfg.Records.UploadUsage(ctx, site, form.ID)
	if err != nil {
		return nil, err
	}
	now := s.cfg.Now()
	t := &transfer{id: newUploadID(), client: client, site: site, form: form.ID, pending: pending, formBytes: formBytes,
		siteBytes: siteBytes, started: now, field: p.Field,
		name: cleanName(p.Name), size: p.Size, accept: f.Accept, hash: sha256.New()}
	t.touched.Store(now.UnixNano())
	s.mu.Lock()
	defer s.mu.Unlock()
	// The new file must fit whole beside what is kept and what has
	// arrived of the uploads in progress (not what they declared: uploads
	// begun and never sent must not fill a quota).
	formBytes += s.inflight[form.ID]
	siteBytes += s.siteInflight[site]
	switch {
	case s.cfg.FormQuotaBytes > 0 && formBytes+p.Size > s.cfg.FormQuotaBytes:
		return nil, domain.ErrFormQuota
	case s.cfg.SiteQuotaBytes > 0 && siteBytes+p.Size > s.cfg.SiteQuotaBytes:
		return nil, domain.ErrSiteQuota
	}
	if s.perClient[client] >= s.cfg.MaxTransfersPerClient {
		s.evictStalled(now, client)
		if s.perClient[client] >= s.cfg.MaxTransfersPerClient {
			return nil, errClientBusy
		}
	}
	if len(s.transfers) >= s.cfg.MaxTransfers {
		s.evictStalled(now, -1)
		if len(s.transfers) >= s.cfg.MaxTransfers {
			return nil, errBusy
		}
	}
	if t.part, err = s.cfg.Files.createPart(); err != nil {
		return nil, err
	}
	s.transfers[t.id] = t
	s.perClient[client]++
	return t, nil
}

// evictStalled drops the stalled transfers (of client, or of everyone
// when client is -1), s.mu held. A transfer busy with a chunk is not
// stalled, and is left alone.
func (s *Service) evictStalled(now time.Time, client int64) {
	for _, t := range s.transfers {
		if (client != -1 && t.client != client) || !s.stalled(t, now) || !t.mu.TryLock() {
			continue
		}
		if !t.gone {
			s.dropLocked(t)
		}
		t.mu.Unlock()
	}
}

// newUploadID is the id the respondent names the upload by: 128 random
// bits in URL-safe base64 (the answer's [A-Za-z0-9_-]).
func newUploadID() string {
	var b [16]byte
	if _, err := rand.Read(b[:]); err != nil {
		panic(err)
	}
	return base64.RawURLEncoding.EncodeToString(b[:])
}

func (s *Service) transfer(id string) *transfer {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.transfers[id]
}

// drop ends transfer t (its mu held): its part file goes, if still there.
func (s *Service) drop(t *transfer) {
	s.mu.Lock()
	s.dropLocked(t)
	s.mu.Unlock()
}

// dropLocked is drop with s.mu held too.
func (s *Service) dropLocked(t *transfer) {
	if t.gone {
		return
	}
	t.gone = true
	s.cfg.Files.removePart(t.part)
	delete(s.transfers, t.id)
	if s.perClient[t.client]--; s.perClient[t.client] <= 0 {
		delete(s.perClient, t.client)
	}
	if s.inflight[t.form] -= t.received.Load(); s.inflight[t.form] <= 0 {
		delete(s.inflight, t.form)
	}
	if s.siteInflight[t.site] -= t.received.Load(); s.siteInflight[t.site] <= 0 {
		delete(s.siteInflight, t.site)
	}
}

// finish sniffs a complete transfer's type, keeps its file and records
// it as pending. Whatever fails, no file is left without its row.
func (s *Service) finish(ctx context.Context, t *transfer) (*domain.Upload, error) {
	f, err := s.cfg.Files.openPart(t.part)
	if err != nil {
		return nil, err
	}
	m, err := mimetype.DetectReader(f)
	f.Close()
	if err != nil {
		return nil, err
	}
	if !accepts(m, t.accept) {
		return nil, errType(t.field)
	}
	stored, err := s.cfg.Files.keep(t.part)
	if err != nil {
		return nil, err
	}
	u := &domain.Upload{ID: t.id, SiteID: t.site, FormID: t.form, FieldID: t.field, StoredName: stored,
		MIME: mediaType(m), Size: t.size, OriginalName: t.name, SHA256: hex.EncodeToString(t.hash.Sum(nil))}
	lim := domain.UploadLimits{MaxPending: s.cfg.MaxPendingBytes, FormQuota: s.cfg.FormQuotaBytes, SiteQuota: s.cfg.SiteQuotaBytes}
	if err := s.cfg.Records.InsertPendingUpload(ctx, u, lim); err != nil {
		s.cfg.Files.Remove([]domain.Upload{*u})
		return nil, err
	}
	return u, nil
}

// scriptTypes are types a browser or a server may run. A wildcard
// (image/*, text/*) or an empty accept list never lets them in; a
// question must name one exactly to accept it.
var scriptTypes = map[string]bool{
	"image/svg+xml": true, "text/html": true, "application/xhtml+xml": true, "text/javascript": true,
	"text/x-php": true, "text/x-python": true, "text/x-perl": true, "text/x-ruby": true, "text/x-lua": true,
	"text/x-tcl": true, "text/x-shellscript": true, "application/x-shockwave-flash": true,
	"application/x-executable": true, "application/x-elf": true, "application/x-sharedlib": true,
	"application/vnd.microsoft.portable-executable": true, "application/x-mach-binary": true,
}

// scripting reports whether a file of media type media may run script
// when opened: the script types, and XML of any kind (text/xml,
// application/xml, every +xml type), which a browser renders with its
// stylesheets, its XHTML elements and its entities.
func scripting(media string) bool {
	return scriptTypes[media] || media == "text/xml" || media == "application/xml" || strings.HasSuffix(media, "+xml")
}

// mediaType is the sniffed type without parameters (charset).
func mediaType(m *mimetype.MIME) string {
	t, _, _ := strings.Cut(m.String(), ";")
	return strings.ToLower(strings.TrimSpace(t))
}

// accepts reports whether a file of sniffed type m answers a question
// whose accept list is accept: an exact type (or one of its aliases,
// image/jpg for image/jpeg), or a type/* pattern that is not one of the
// types that script (scripting). A type's parent never stands for it: text/plain does
// not accept a PHP script, application/zip not a .docx, text/* not
// text/xml. An empty list accepts any type but those that script.
func accepts(m *mimetype.MIME, accept []string) bool {
	media := mediaType(m)
	if len(accept) == 0 {
		return !scripting(media)
	}
	for _, a := range accept {
		a = strings.ToLower(strings.TrimSpace(a))
		if prefix, ok := strings.CutSuffix(a, "*"); ok && strings.HasSuffix(prefix, "/") {
			if strings.HasPrefix(media, prefix) && !scripting(media) {
				return true
			}
			continue
		}
		if m.Is(a) {
			return true
		}
	}
	return false
}
