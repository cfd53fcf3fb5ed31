package uploads_test

import (
	"bytes"
	"context"
	"crypto/sha256"
	"database/sql"
	"encoding/base64"
	"encoding/hex"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"image"
	"image/png"
	"io"
	"log/slog"
	"math/rand/v2"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/arshline/arshline-sidecar/daemon"
	"github.com/arshline/arshline-sidecar/daemon/domain"
	"github.com/arshline/arshline-sidecar/daemon/forms"
	"github.com/arshline/arshline-sidecar/daemon/submissions"
	"github.com/arshline/arshline-sidecar/daemon/uploads"
	"github.com/arshline/arshline-sidecar/rpc"
	"github.com/arshline/arshline-sidecar/sqlstore"
)

// clock is a test clock the service, its limiters and the sweeper read.
// It starts at the real time, which the store stamps rows with.
type clock struct {
	mu sync.Mutex
	t  time.Time
}

func (c *clock) now() time.Time { c.mu.Lock(); defer c.mu.Unlock(); return c.t }
func (c *clock) add(d time.Duration) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.t = c.t.Add(d)
}

// env is one daemon's worth of the upload path: a real SQLite file, a
// real upload directory and the methods served on a real Unix socket.
type env struct {
	db     *sqlstore.DB
	dbPath string
	dir    string
	sock   string
	svc    *uploads.Service
	c      *rpc.Client
	clock  *clock
	// formTokens are the form tokens the test verifier takes: token →
	// form id and version id.
	formTokens map[string][2]int64
}

// The form's questions: photo takes PNG only, pics any image, small
// at most 1 KB, doc anything (no accept list), name is not a file.
var testDoc = domain.Document{Version: domain.DocumentVersion, Fields: []map[string]any{
	{"id": "photo", "type": "file", "label": "عکس", "accept": []any{"image/png"}},
	{"id": "pics", "type": "file", "label": "تصویرها", "accept": []any{"image/*"}, "max_files": 3},
	{"id": "small", "type": "file", "label": "کوچک", "max_size_kb": 1},
	{"id": "doc", "type": "file", "label": "سند"},
	{"id": "name", "type": "text", "label": "نام"},
}, Layout: map[string]any{}, Meta: map[string]any{}}

func newEnv(t testing.TB, cfg uploads.Config) *env {
	t.Helper()
	ctx := context.Background()
	tmp := t.TempDir()
	e := &env{dbPath: filepath.Join(tmp, "d.db"), dir: filepath.Join(tmp, "uploads"), formTokens: map[string][2]int64{},
		clock: &clock{t: time.Now()}}
	db, err := sqlstore.Open(ctx, e.dbPath, sqlstore.Options{})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { db.Close() })
	e.db = db
	files, err := uploads.OpenStore(e.dir)
	if err != nil {
		t.Fatal(err)
	}
	cfg.Records, cfg.Files, cfg.Now = db, files, e.clock.now
	if cfg.VerifyFormToken == nil {
		cfg.VerifyFormToken = func(_ context.Context, tok string, form *domain.Form) (int64, error) {
			if v, ok := e.formTokens[tok]; ok && v[0] == form.ID {
				return v[1], nil
			}
			return 0, errors.New("bad form token")
		}
	}
	e.svc = uploads.New(cfg)

	sock := filepath.Join(tmp, "d.sock")
	e.sock = sock
	ln, err := rpc.Listen(sock, 0o600, "")
	if err != nil {
		t.Fatal(err)
	}
	srv := rpc.NewServer(rpc.Config{
		Envelope: func(ctx context.Context, params json.RawMessage, _ rpc.Peer) (rpc.Call, error) {
			// The shim's anonymous respondent of site 1, who may also read
			// files here: the capability check is the daemon's, not this
			// package's.
			a := domain.Actor{UserID: 0, Caps: []string{domain.CapManageForms}, Locale: domain.LocaleEN, SiteID: 1}
			return rpc.Call{Context: domain.WithActor(ctx, a), Params: params, Locale: a.Locale}, nil
		},
		Authorize: func(context.Context, string) error { return nil },
	}, []rpc.Method{
		{Name: "submissions.upload", Handler: rpc.Typed(func(ctx context.Context, p uploads.UploadParams) (any, error) { return e.svc.Upload(ctx, p) })},
		{Name: "submissions.file", Capability: domain.CapManageForms, Handler: rpc.Typed(func(ctx context.Context, p uploads.FileParams) (any, error) { return e.svc.File(ctx, p) })},
	})
	sctx, cancel := context.WithCancel(ctx)
	done := make(chan struct{})
	go func() { _ = srv.Serve(sctx, ln); close(done) }()
	t.Cleanup(func() { cancel(); <-done })
	if e.c, err = rpc.Dial(ctx, sock); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { e.c.Close() })
	return e
}

// form creates a form with testDoc in status and a form token for its
// first version.
func (e *env) form(t testing.TB, status domain.FormStatus) (token, formToken string, id int64) {
	t.Helper()
	ctx := domain.WithActor(context.Background(), domain.OperatorActor(domain.LocaleEN))
	doc := testDoc
	res, err := (&forms.Service{Store: e.db}).Create(ctx, forms.CreateParams{Title: "فرم", Status: string(status), Document: &doc})
	if err != nil {
		t.Fatal(err)
	}
	formToken = fmt.Sprintf("ft-%d", res.Form.ID)
	e.formTokens[formToken] = [2]int64{res.Form.ID, res.Version.ID}
	return res.Form.PublicToken, formToken, res.Form.ID
}

// chunk is one submissions.upload call.
type chunk struct {
	token, formToken, field, name string
	size                          int64
	uploadID                      string
	offset                        int64
	data                          []byte
	final                         bool
	ipHash                        string
}

func (e *env) send(ch chunk) (*uploads.UploadResult, error) {
	p := map[string]any{"token": ch.token, "form_token": ch.formToken, "field": ch.field, "name": ch.name,
		"size": ch.size, "offset": ch.offset, "data": base64.StdEncoding.EncodeToString(ch.data), "final": ch.final}
	if ch.uploadID != "" {
		p["upload_id"] = ch.uploadID
	}
	if ch.ipHash != "" {
		p["client"] = map[string]any{"ip_hash": ch.ipHash}
	}
	var res uploads.UploadResult
	if err := e.c.Call(context.Background(), "submissions.upload", p, &res); err != nil {
		return nil, err
	}
	return &res, nil
}

// upload sends content in chunks of per bytes.
func (e *env) upload(token, formToken, field, name string, content []byte, per int) (*uploads.UploadResult, error) {
	ch := chunk{token: token, formToken: formToken, field: field, name: name, size: int64(len(content))}
	for {
		n := min(per, len(content)-int(ch.offset))
		ch.data = content[ch.offset : ch.offset+int64(n)]
		ch.final = int(ch.offset)+n == len(content)
		res, err := e.send(ch)
		if err != nil || ch.final {
			return res, err
		}
		ch.uploadID, ch.offset = res.UploadID, res.Received
	}
}

func codeOf(err error) string {
	var re *rpc.Error
	if errors.As(err, &re) {
		return re.CodeName()
	}
	return fmt.Sprint(err)
}

func pngBytes(t *testing.T) []byte {
	t.Helper()
	var b bytes.Buffer
	if err := png.Encode(&b, image.NewRGBA(image.Rect(0, 0, 4, 4))); err != nil {
		t.Fatal(err)
	}
	return b.Bytes()
}

// stored lists the upload directory's files (parts/ aside) and part files.
func (e *env) stored(t *testing.T) (files, parts []string) {
	t.Helper()
	for _, d := range []struct {
		dir string
		out *[]string
	}{{e.dir, &files}, {filepath.Join(e.dir, "parts"), &parts}} {
		entries, err := os.ReadDir(d.dir)
		if err != nil {
			t.Fatal(err)
		}
		for _, en := range entries {
			if !en.IsDir() {
				*d.out = append(*d.out, en.Name())
			}
		}
	}
	return files, parts
}

func (e *env) pendingBytes(t *testing.T, formID int64) int64 {
	t.Helper()
	n, err := e.db.PendingUploadBytes(context.Background(), formID)
	if err != nil {
		t.Fatal(err)
	}
	return n
}

// TestPNGNamedTxtIsAccepted: the type comes from the bytes, so a PNG
// named notes.txt answers a question accepting image/png; it is stored
// 0600 under a random name in a 0700 directory, pending.
func TestPNGNamedTxtIsAccepted(t *testing.T) {
	e := newEnv(t, uploads.Config{})
	token, ft, formID := e.form(t, domain.StatusPublished)
	content := pngBytes(t)
	res, err := e.upload(token, ft, "photo", "notes.txt", content, 1<<20)
	if err != nil {
		t.Fatal(err)
	}
	sum := sha256.Sum256(content)
	if res.MIME != "image/png" || res.Received != int64(len(content)) || res.SHA256 != hex.EncodeToString(sum[:]) || len(res.UploadID) < 16 {
		t.Fatalf("result %+v", res)
	}
	files, parts := e.stored(t)
	if len(files) != 1 || len(parts) != 0 || len(files[0]) != 32 || filepath.Ext(files[0]) != "" {
		t.Fatalf("files %v, parts %v", files, parts)
	}
	for path, want := range map[string]os.FileMode{e.dir: 0o700 | os.ModeDir, filepath.Join(e.dir, "parts"): 0o700 | os.ModeDir, filepath.Join(e.dir, files[0]): 0o600} {
		if st, err := os.Stat(path); err != nil || st.Mode() != want {
			t.Errorf("%s: mode %v, want %v (%v)", path, st.Mode(), want, err)
		}
	}
	if got, _ := os.ReadFile(filepath.Join(e.dir, files[0])); !bytes.Equal(got, content) {
		t.Fatal("stored bytes differ")
	}
	if n := e.pendingBytes(t, formID); n != int64(len(content)) {
		t.Fatalf("pending %d", n)
	}
}

// TestScriptNamedPNGIsRefused: a PHP script named photo.png is text, not
// an image, whatever its name; refused for image/* and for image/png,
// nothing is kept. An SVG (script-capable) is refused for image/* too.
func TestScriptNamedPNGIsRefused(t *testing.T) {
	e := newEnv(t, uploads.Config{})
	token, ft, formID := e.form(t, domain.StatusPublished)
	php := []byte("<?php system($_GET['c']); ?>\n")
	svg := []byte(`<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>`)
	for _, c := range []struct {
		field, name string
		content     []byte
	}{{"pics", "photo.png", php}, {"photo", "photo.png", php}, {"pics", "x.png", svg}} {
		_, err := e.upload(token, ft, c.field, c.name, c.content, 1<<20)
		var re *rpc.Error
		if !errors.As(err, &re) || re.CodeName() != string(domain.CodeInvalidSubmission) {
			t.Fatalf("%s as %s: %v", c.name, c.field, err)
		}
		fields, _ := re.Data["fields"].([]any)
		f0, _ := fields[0].(map[string]any)
		if len(fields) != 1 || f0["field"] != c.field || f0["code"] != "file_type" || f0["message_fa"] == "" {
			t.Fatalf("data %v", re.Data)
		}
	}
	// A first chunk long enough to tell the type is refused at once,
	// before the rest of the file is sent.
	long := append(bytes.Repeat([]byte("<?php echo 1; ?>\n"), 300), make([]byte, 100)...)
	if _, err := e.send(chunk{token: token, formToken: ft, field: "pics", name: "p.png", size: int64(len(long)), data: long[:4500]}); codeOf(err) != string(domain.CodeInvalidSubmission) {
		t.Fatalf("a script's first chunk: %v", err)
	}
	if files, parts := e.stored(t); len(files)+len(parts) != 0 {
		t.Fatalf("left files %v parts %v", files, parts)
	}
	if n := e.pendingBytes(t, formID); n != 0 {
		t.Fatalf("pending %d", n)
	}
	// Named exactly, a script type is accepted: accepting it is the
	// form's choice, never a wildcard's.
	if _, err := e.upload(token, ft, "doc", "a.txt", []byte("plain words\n"), 100); err != nil {
		t.Fatalf("text for an open question: %v", err)
	}
	if _, err := e.upload(token, ft, "doc", "a.php", php, 100); codeOf(err) != string(domain.CodeInvalidSubmission) {
		t.Fatalf("a script for an open question: %v", err)
	}
}

// TestOverMaxSizeIsRefused: a declared size over max_size_kb is refused
// before anything is written; a client that declares less and sends more
// is cut off at the declared size and its part file removed.
func TestOverMaxSizeIsRefused(t *testing.T) {
	e := newEnv(t, uploads.Config{MaxFileBytes: 4096})
	token, ft, _ := e.form(t, domain.StatusPublished)
	_, err := e.send(chunk{token: token, formToken: ft, field: "small", name: "a.bin", size: 1025, data: make([]byte, 100)})
	var re *rpc.Error
	if !errors.As(err, &re) || re.CodeName() != string(domain.CodeTooLarge) || re.Data["max_size_kb"] != float64(1) || re.Data["field"] != "small" {
		t.Fatalf("over max_size_kb: %v", err)
	}
	// The daemon's cap binds a question without max_size_kb.
	if _, err := e.upload(token, ft, "doc", "a.bin", make([]byte, 4097), 4097); codeOf(err) != string(domain.CodeTooLarge) {
		t.Fatalf("over the daemon's cap: %v", err)
	}
	if files, parts := e.stored(t); len(files)+len(parts) != 0 {
		t.Fatalf("left files %v parts %v", files, parts)
	}
	res, err := e.send(chunk{token: token, formToken: ft, field: "small", name: "a.bin", size: 1000, data: make([]byte, 600)})
	if err != nil {
		t.Fatal(err)
	}
	if _, parts := e.stored(t); len(parts) != 1 {
		t.Fatalf("parts while receiving: %v", parts)
	}
	_, err = e.send(chunk{token: token, formToken: ft, field: "small", name: "a.bin", size: 1000, uploadID: res.UploadID, offset: 600, data: make([]byte, 600), final: true})
	if codeOf(err) != string(domain.CodeInvalidParams) {
		t.Fatalf("past the declared size: %v", err)
	}
	if files, parts := e.stored(t); len(files)+len(parts) != 0 {
		t.Fatalf("left files %v parts %v", files, parts)
	}
}

// TestChunksReassembleExactly: a file of several chunks, sent over the
// socket, is stored byte for byte (SHA-256), is claimed by a submission
// of its own form and field only, reads back in pages through
// submissions.file, and is deleted with its submission.
func TestChunksReassembleExactly(t *testing.T) {
	e := newEnv(t, uploads.Config{})
	token, ft, formID := e.form(t, domain.StatusPublished)
	_, _, otherForm := e.form(t, domain.StatusPublished)
	content := make([]byte, 3*uploads.ChunkBytes+12345)
	r := rand.New(rand.NewPCG(1, 2))
	for i := range content {
		content[i] = byte(r.UintN(256))
	}
	res, err := e.upload(token, ft, "doc", "داده.bin", content, uploads.ChunkBytes)
	if err != nil {
		t.Fatal(err)
	}
	sum := sha256.Sum256(content)
	if res.SHA256 != hex.EncodeToString(sum[:]) || res.MIME != "application/octet-stream" {
		t.Fatalf("result %+v", res)
	}
	files, _ := e.stored(t)
	if got, _ := os.ReadFile(filepath.Join(e.dir, files[0])); sha256.Sum256(got) != sum {
		t.Fatal("stored bytes differ")
	}

	// A submission of each form to claim with.
	subs := map[int64]int64{}
	for _, f := range []int64{formID, otherForm} {
		sub := &domain.Submission{SiteID: 1, FormID: f, VersionID: e.formTokens[fmt.Sprintf("ft-%d", f)][1],
			ClientHash: "c", AnswersSHA: "s", Answers: []byte("[]")}
		if err := e.db.UpdateSubmissions(context.Background(), func(tx domain.SubmissionTx) error {
			return tx.InsertSubmission(sub, "")
		}); err != nil {
			t.Fatal(err)
		}
		subs[f] = sub.ID
	}
	claim := func(form int64, field string) error {
		return e.db.Update(context.Background(), func(tx domain.FormTx) error {
			_, err := tx.(*sqlstore.Tx).ClaimUploads(1, form, subs[form], field, []string{res.UploadID})
			return err
		})
	}
	if err := claim(otherForm, "doc"); !errors.Is(err, domain.ErrUploadNotPending) {
		t.Fatalf("claimed by another form: %v", err)
	}
	if err := claim(formID, "photo"); !errors.Is(err, domain.ErrUploadNotPending) {
		t.Fatalf("claimed by another field: %v", err)
	}
	// Not yet claimed, nobody reads it.
	if err := e.c.Call(context.Background(), "submissions.file", map[string]any{"form_id": formID, "submission_id": subs[formID], "upload_id": res.UploadID}, nil); codeOf(err) != string(domain.CodeNotFound) {
		t.Fatalf("pending file read: %v", err)
	}
	if err := claim(formID, "doc"); err != nil {
		t.Fatal(err)
	}
	var got []byte
	for off := int64(0); ; {
		var page uploads.FileResult
		if err := e.c.Call(context.Background(), "submissions.file", map[string]any{"form_id": formID, "submission_id": subs[formID], "upload_id": res.UploadID, "offset": off}, &page); err != nil {
			t.Fatal(err)
		}
		b, err := base64.StdEncoding.DecodeString(page.Data)
		if err != nil || page.Name != "داده.bin" || page.Size != int64(len(content)) || len(b) > uploads.ChunkBytes {
			t.Fatalf("page at %d: %+v %v", off, page.Name, err)
		}
		got = append(got, b...)
		if page.EOF {
			break
		}
		off = page.NextOffset
	}
	if !bytes.Equal(got, content) {
		t.Fatal("downloaded bytes differ")
	}
	// Erased with its submission (submissions.delete's own path, which
	// the daemon hands the store's Remove): the row and the file go.
	subsvc, err := submissions.New(context.Background(), e.db, submissions.Config{}, nil, nil)
	if err != nil {
		t.Fatal(err)
	}
	subsvc.RemoveFiles = e.svc.Files().Remove
	admin := domain.WithActor(context.Background(), domain.OperatorActor(domain.LocaleEN))
	if del, err := subsvc.Delete(admin, submissions.IDsParams{FormID: formID, IDs: []int64{subs[formID]}}); err != nil || del.Deleted != 1 {
		t.Fatalf("delete: %+v, %v", del, err)
	}
	if files, _ := e.stored(t); len(files) != 0 {
		t.Fatalf("left %v", files)
	}
	if _, err := e.db.GetSubmissionUpload(context.Background(), 1, formID, subs[formID], res.UploadID); domain.ErrorCode(err) != domain.CodeNotFound {
		t.Fatalf("row after delete: %v", err)
	}
}

// TestChunkErrorsCancelTheUpload: a chunk out of order, bad base64 or a
// form closed in between cancel the upload and remove its part file; its
// id is unknown afterwards.
func TestChunkErrorsCancelTheUpload(t *testing.T) {
	e := newEnv(t, uploads.Config{})
	token, ft, formID := e.form(t, domain.StatusPublished)
	for _, c := range []struct {
		name   string
		second func(id string) (*uploads.UploadResult, error)
	}{
		{"out of order", func(id string) (*uploads.UploadResult, error) {
			return e.send(chunk{token: token, formToken: ft, field: "doc", name: "a", size: 300, uploadID: id, offset: 200, data: make([]byte, 100), final: true})
		}},
		{"bad base64", func(id string) (*uploads.UploadResult, error) {
			var res uploads.UploadResult
			err := e.c.Call(context.Background(), "submissions.upload", map[string]any{"token": token, "form_token": ft, "field": "doc",
				"name": "a", "size": 300, "upload_id": id, "offset": 100, "data": "not base64!", "final": false}, &res)
			return &res, err
		}},
		{"another question", func(id string) (*uploads.UploadResult, error) {
			return e.send(chunk{token: token, formToken: ft, field: "pics", name: "a", size: 300, uploadID: id, offset: 100, data: make([]byte, 100)})
		}},
	} {
		first, err := e.send(chunk{token: token, formToken: ft, field: "doc", name: "a", size: 300, data: make([]byte, 100)})
		if err != nil {
			t.Fatal(err)
		}
		_, err = c.second(first.UploadID)
		if codeOf(err) != string(domain.CodeInvalidParams) {
			t.Fatalf("%s: %v", c.name, err)
		}
		if c.name == "another question" {
			// A chunk that names another upload's question is not that
			// upload's: it goes on.
			if _, err := e.send(chunk{token: token, formToken: ft, field: "doc", name: "a", size: 300, uploadID: first.UploadID, offset: 100, data: make([]byte, 200), final: true}); err != nil {
				t.Fatalf("%s: the upload did not go on: %v", c.name, err)
			}
			continue
		}
		if _, parts := e.stored(t); len(parts) != 0 {
			t.Fatalf("%s: parts left %v", c.name, parts)
		}
		_, err = e.send(chunk{token: token, formToken: ft, field: "doc", name: "a", size: 300, uploadID: first.UploadID, offset: 100, data: make([]byte, 100)})
		if codeOf(err) != string(domain.CodeInvalidParams) {
			t.Fatalf("%s: then: %v", c.name, err)
		}
	}
	// The form closes while a file is on its way.
	first, err := e.send(chunk{token: token, formToken: ft, field: "doc", name: "a", size: 300, data: make([]byte, 100)})
	if err != nil {
		t.Fatal(err)
	}
	ctx := domain.WithActor(context.Background(), domain.OperatorActor(domain.LocaleEN))
	if _, err := (&forms.Service{Store: e.db}).SetStatus(ctx, forms.SetStatusParams{ID: formID, Status: "disabled"}); err != nil {
		t.Fatal(err)
	}
	_, err = e.send(chunk{token: token, formToken: ft, field: "doc", name: "a", size: 300, uploadID: first.UploadID, offset: 100, data: make([]byte, 200), final: true})
	if codeOf(err) != string(domain.CodeFormClosed) {
		t.Fatalf("closed form: %v", err)
	}
	if _, parts := e.stored(t); len(parts) != 0 {
		t.Fatalf("parts left %v", parts)
	}
}

// TestFirstChunkRefusals: what a first chunk is refused for, and that
// nothing is written then.
func TestFirstChunkRefusals(t *testing.T) {
	e := newEnv(t, uploads.Config{})
	token, ft, _ := e.form(t, domain.StatusPublished)
	draft, draftFT, _ := e.form(t, domain.StatusDraft)
	// A published form of site 2: this socket's respondents are site 1's.
	site2 := domain.Actor{UserID: 0, Caps: []string{domain.CapManageOptions}, Locale: domain.LocaleEN, SiteID: 2}
	doc := testDoc
	other, err := (&forms.Service{Store: e.db}).Create(domain.WithActor(context.Background(), site2), forms.CreateParams{Title: "دیگر", Status: "published", Document: &doc})
	if err != nil {
		t.Fatal(err)
	}
	e.formTokens["site2"] = [2]int64{other.Form.ID, other.Version.ID}
	ok := chunk{token: token, formToken: ft, field: "doc", name: "a.pdf", size: 10, data: make([]byte, 10), final: true}
	for _, c := range []struct {
		name string
		edit func(*chunk)
		want domain.Code
	}{
		{"a draft form", func(c *chunk) { c.token, c.formToken = draft, draftFT }, domain.CodeFormClosed},
		{"an unknown token", func(c *chunk) { c.token = "00000000000000000000000000000000" }, domain.CodeFormClosed},
		{"the token in upper case", func(c *chunk) { c.token = strings.ToUpper(c.token) }, domain.CodeFormClosed},
		{"another site's form", func(c *chunk) { c.token, c.formToken = other.Form.PublicToken, "site2" }, domain.CodeFormClosed},
		{"another form's form token", func(c *chunk) { c.formToken = draftFT }, domain.CodeInvalidParams},
		{"a text question", func(c *chunk) { c.field = "name" }, domain.CodeInvalidParams},
		{"no such question", func(c *chunk) { c.field = "nope" }, domain.CodeInvalidParams},
		{"a name that is a path only", func(c *chunk) { c.name = "a/b/" }, domain.CodeInvalidParams},
		{"a control character in the name", func(c *chunk) { c.name = "a\x00.pdf" }, domain.CodeInvalidParams},
		{"no size", func(c *chunk) { c.size = 0 }, domain.CodeInvalidParams},
		{"a first chunk not at 0", func(c *chunk) { c.offset = 5 }, domain.CodeInvalidParams},
		{"an empty chunk not final", func(c *chunk) { c.data, c.final = nil, false }, domain.CodeInvalidParams},
		{"final before the size", func(c *chunk) { c.size = 11 }, domain.CodeInvalidParams},
		{"an unknown upload id", func(c *chunk) { c.uploadID, c.offset = "abc", 0 }, domain.CodeInvalidParams},
	} {
		ch := ok
		c.edit(&ch)
		if _, err := e.send(ch); codeOf(err) != string(c.want) {
			t.Errorf("%s: %v, want %s", c.name, err, c.want)
		}
	}
	big := base64.StdEncoding.EncodeToString(make([]byte, uploads.ChunkBytes+1))
	err = e.c.Call(context.Background(), "submissions.upload", map[string]any{"token": token, "form_token": ft, "field": "doc",
		"name": "a", "size": uploads.ChunkBytes + 1, "offset": 0, "data": big, "final": true}, nil)
	if codeOf(err) != string(domain.CodeInvalidParams) {
		t.Errorf("a chunk over %d bytes: %v", uploads.ChunkBytes, err)
	}
	if files, parts := e.stored(t); len(files)+len(parts) != 0 {
		t.Fatalf("left files %v parts %v", files, parts)
	}
	// A path in the name keeps only the file's own name.
	res, err := e.upload(token, ft, "doc", `C:\Users\x\cv.txt`, []byte("hello"), 10)
	if err != nil {
		t.Fatal(err)
	}
	raw, _ := sql.Open("sqlite", e.dbPath)
	defer raw.Close()
	var name string
	if err := raw.QueryRow("SELECT original_name FROM uploads WHERE id = ?", res.UploadID).Scan(&name); err != nil || name != "cv.txt" {
		t.Fatalf("name %q, %v", name, err)
	}
}

// TestClosedFormsRefuseUploads: a form with as many kept submissions as
// settings.max_submissions allows, or past its close_at, takes no file,
// as it takes no answer.
func TestClosedFormsRefuseUploads(t *testing.T) {
	e := newEnv(t, uploads.Config{})
	ctx := domain.WithActor(context.Background(), domain.OperatorActor(domain.LocaleEN))
	doc := testDoc
	doc.Settings = map[string]any{"max_submissions": 1}
	res, err := (&forms.Service{Store: e.db}).Create(ctx, forms.CreateParams{Title: "پر", Status: "published", Document: &doc})
	if err != nil {
		t.Fatal(err)
	}
	ft := "full"
	e.formTokens[ft] = [2]int64{res.Form.ID, res.Version.ID}
	ch := chunk{token: res.Form.PublicToken, formToken: ft, field: "doc", name: "a", size: 3, data: []byte("abc"), final: true}
	if _, err := e.send(ch); err != nil {
		t.Fatalf("before it is full: %v", err)
	}
	if err := e.db.UpdateSubmissions(context.Background(), func(tx domain.SubmissionTx) error {
		return tx.InsertSubmission(&domain.Submission{SiteID: 1, FormID: res.Form.ID, VersionID: res.Version.ID,
			ClientHash: "c", AnswersSHA: "s", Answers: []byte("[]")}, "")
	}); err != nil {
		t.Fatal(err)
	}
	if _, err := e.send(ch); codeOf(err) != string(domain.CodeFormClosed) {
		t.Fatalf("full: %v", err)
	}
	// Past close_at, the same.
	doc.Settings = map[string]any{"close_at": e.clock.now().Add(time.Hour).Format(time.RFC3339)}
	res, err = (&forms.Service{Store: e.db}).Create(ctx, forms.CreateParams{Title: "بسته", Status: "published", Document: &doc})
	if err != nil {
		t.Fatal(err)
	}
	e.formTokens["closing"] = [2]int64{res.Form.ID, res.Version.ID}
	ch.token, ch.formToken = res.Form.PublicToken, "closing"
	if _, err := e.send(ch); err != nil {
		t.Fatalf("before close_at: %v", err)
	}
	e.clock.add(time.Hour)
	if _, err := e.send(ch); codeOf(err) != string(domain.CodeFormClosed) {
		t.Fatalf("at close_at: %v", err)
	}
}

// TestUploadLimits: a client may begin only so many uploads a minute,
// and a form holds only so many pending bytes, received or on their way.
func TestUploadLimits(t *testing.T) {
	e := newEnv(t, uploads.Config{StartsPerMinute: 2, MaxPendingBytes: 250})
	token, ft, formID := e.form(t, domain.StatusPublished)
	for i := range 2 {
		if _, err := e.upload(token, ft, "doc", "a", make([]byte, 100), 100); err != nil {
			t.Fatalf("upload %d: %v", i, err)
		}
	}
	_, err := e.upload(token, ft, "doc", "a", make([]byte, 10), 100)
	var re *rpc.Error
	if !errors.As(err, &re) || re.CodeName() != string(domain.CodeRateLimit) || re.Data["retry_after_sec"] == nil {
		t.Fatalf("third upload in a minute: %v", err)
	}
	// Another client is counted apart; the form's pending bytes bind it.
	if _, err := e.send(chunk{token: token, formToken: ft, field: "doc", name: "a", size: 60, data: make([]byte, 60), final: true, ipHash: "h2"}); codeOf(err) != string(domain.CodeTooLarge) {
		t.Fatalf("over the pending cap: %v", err)
	}
	if _, err := e.send(chunk{token: token, formToken: ft, field: "doc", name: "a", size: 50, data: make([]byte, 50), final: true, ipHash: "h2"}); err != nil {
		t.Fatalf("up to the pending cap: %v", err)
	}
	if n := e.pendingBytes(t, formID); n != 250 {
		t.Fatalf("pending %d", n)
	}
	e.clock.add(time.Minute)
	if _, err := e.send(chunk{token: token, formToken: ft, field: "doc", name: "a", size: 1, data: []byte{1}, final: true}); codeOf(err) != string(domain.CodeTooLarge) {
		t.Fatalf("after a minute, still over the pending cap: %v", err)
	}
}

// TestSweep: a file never claimed goes after a day, row and bytes; an
// upload left unfinished goes after an hour, part file and progress.
func TestSweep(t *testing.T) {
	e := newEnv(t, uploads.Config{})
	token, ft, formID := e.form(t, domain.StatusPublished)
	if _, err := e.upload(token, ft, "doc", "a", []byte("done"), 10); err != nil {
		t.Fatal(err)
	}
	half, err := e.send(chunk{token: token, formToken: ft, field: "doc", name: "b", size: 20, data: make([]byte, 10)})
	if err != nil {
		t.Fatal(err)
	}
	ctx := context.Background()
	if err := e.svc.Sweep(ctx); err != nil {
		t.Fatal(err)
	}
	if files, parts := e.stored(t); len(files) != 1 || len(parts) != 1 {
		t.Fatalf("a fresh sweep took something: %v %v", files, parts)
	}
	e.clock.add(61 * time.Minute)
	if err := e.svc.Sweep(ctx); err != nil {
		t.Fatal(err)
	}
	if files, parts := e.stored(t); len(files) != 1 || len(parts) != 0 {
		t.Fatalf("after an hour: %v %v", files, parts)
	}
	if _, err := e.send(chunk{token: token, formToken: ft, field: "doc", name: "b", size: 20, uploadID: half.UploadID, offset: 10, data: make([]byte, 10), final: true}); codeOf(err) != string(domain.CodeInvalidParams) {
		t.Fatalf("a swept upload went on: %v", err)
	}
	e.clock.add(23 * time.Hour)
	if err := e.svc.Sweep(ctx); err != nil {
		t.Fatal(err)
	}
	if files, _ := e.stored(t); len(files) != 0 {
		t.Fatalf("after a day: %v", files)
	}
	if n := e.pendingBytes(t, formID); n != 0 {
		t.Fatalf("pending rows left: %d", n)
	}
}

// TestSweepOrphans: a stored file no row names (a daemon stopped between
// keeping it and committing its row) goes once it is old enough; files
// with rows, young files and files the store did not name stay.
func TestSweepOrphans(t *testing.T) {
	e := newEnv(t, uploads.Config{})
	token, ft, _ := e.form(t, domain.StatusPublished)
	if _, err := e.upload(token, ft, "doc", "a", []byte("kept"), 10); err != nil {
		t.Fatal(err)
	}
	old := e.clock.now().Add(-2 * time.Hour)
	files, _ := e.stored(t)
	if err := os.Chtimes(filepath.Join(e.dir, files[0]), old, old); err != nil {
		t.Fatal(err)
	}
	orphan, young, foreign := "00112233445566778899aabbccddeeff", "ffeeddccbbaa99887766554433221100", "notes.txt"
	for _, n := range []string{orphan, young, foreign} {
		if err := os.WriteFile(filepath.Join(e.dir, n), []byte("x"), 0o600); err != nil {
			t.Fatal(err)
		}
	}
	for _, n := range []string{orphan, foreign} {
		if err := os.Chtimes(filepath.Join(e.dir, n), old, old); err != nil {
			t.Fatal(err)
		}
	}
	if err := e.svc.SweepOrphans(context.Background()); err != nil {
		t.Fatal(err)
	}
	left, _ := e.stored(t)
	want := map[string]bool{files[0]: true, young: true, foreign: true}
	if len(left) != len(want) {
		t.Fatalf("left %v", left)
	}
	for _, n := range left {
		if !want[n] {
			t.Fatalf("left %v", left)
		}
	}
}

// TestNoVerifierNoUploads: until the form token can be checked, uploads
// are refused as UNAVAILABLE rather than taken unchecked.
func TestNoVerifierNoUploads(t *testing.T) {
	dir := t.TempDir()
	files, err := uploads.OpenStore(filepath.Join(dir, "u"))
	if err != nil {
		t.Fatal(err)
	}
	svc := uploads.New(uploads.Config{Files: files})
	_, err = svc.Upload(context.Background(), uploads.UploadParams{Token: "t", FormToken: "f", Field: "x", Name: "a", Size: 1, Data: "AA==", Final: true})
	if domain.ErrorCode(err) != domain.CodeUnavailable {
		t.Fatalf("%v", err)
	}
}

// TestOpenStore: the directory is made 0700 (an existing looser one is
// tightened), part files an earlier run left are removed, and a
// directory in or under a WordPress install is refused.
func TestOpenStore(t *testing.T) {
	root := t.TempDir()
	dir := filepath.Join(root, "data", "uploads")
	if err := os.MkdirAll(filepath.Join(dir, "parts"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.Chmod(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "parts", "0123456789abcdef0123456789abcdef"), []byte("x"), 0o600); err != nil {
		t.Fatal(err)
	}
	if _, err := uploads.OpenStore(dir); err != nil {
		t.Fatal(err)
	}
	if st, _ := os.Stat(dir); st.Mode().Perm() != 0o700 {
		t.Fatalf("mode %v", st.Mode())
	}
	if entries, _ := os.ReadDir(filepath.Join(dir, "parts")); len(entries) != 0 {
		t.Fatalf("old parts left: %v", entries)
	}
	wp := filepath.Join(root, "www")
	if err := os.MkdirAll(filepath.Join(wp, "wp-content"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(wp, "wp-config.php"), []byte("<?php"), 0o600); err != nil {
		t.Fatal(err)
	}
	for _, d := range []string{wp, filepath.Join(wp, "wp-content", "arshline")} {
		if _, err := uploads.OpenStore(d); err == nil {
			t.Errorf("%s under a WordPress install was taken", d)
		}
	}
	if _, err := os.Stat(filepath.Join(wp, "wp-content", "arshline")); !os.IsNotExist(err) {
		t.Errorf("a refused directory was created: %v", err)
	}
	// Through a symlink too.
	link := filepath.Join(root, "link")
	if err := os.Symlink(filepath.Join(wp, "wp-content"), link); err != nil {
		t.Fatal(err)
	}
	if _, err := uploads.OpenStore(filepath.Join(link, "u")); err == nil {
		t.Error("a directory reached through a symlink into a WordPress install was taken")
	}
}

// TestDaemonServesUploads: the daemon's method table serves both methods
// on its socket, with the upload directory beside the database (0700).
func TestDaemonServesUploads(t *testing.T) {
	dir := t.TempDir()
	cfg, err := daemon.ParseConfig(flag.NewFlagSet("t", flag.ContinueOnError), []string{
		"--socket", filepath.Join(dir, "d.sock"), "--db", filepath.Join(dir, "data", "d.db"),
		"--log-dir", filepath.Join(dir, "logs"), "--shutdown-timeout", "5s", "--upload-max-bytes", "2048", "--submit-min-fill", "0",
	}, func(string) string { return "" })
	if err != nil {
		t.Fatal(err)
	}
	if cfg.UploadDir != filepath.Join(dir, "data", "uploads") || cfg.UploadMaxBytes != 2048 || cfg.UploadChunksPerMinute != 600 {
		t.Fatalf("config %q %d %d", cfg.UploadDir, cfg.UploadMaxBytes, cfg.UploadChunksPerMinute)
	}
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() { done <- daemon.Run(ctx, cfg, slog.New(slog.NewTextHandler(io.Discard, nil))) }()
	defer func() {
		cancel()
		if err := <-done; err != nil {
			t.Errorf("Run: %v", err)
		}
	}()
	var c *rpc.Client
	for deadline := time.Now().Add(10 * time.Second); ; time.Sleep(20 * time.Millisecond) {
		if c, err = rpc.Dial(context.Background(), cfg.Socket); err == nil {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("daemon did not come up: %v", err)
		}
	}
	defer c.Close()
	if st, err := os.Stat(cfg.UploadDir); err != nil || st.Mode().Perm() != 0o700 {
		t.Fatalf("upload dir: %v %v", st, err)
	}
	// Unknown form: closed, like every form that takes no answers.
	err = c.Call(context.Background(), "submissions.upload", map[string]any{"token": "t", "form_token": "f", "field": "x",
		"name": "a", "size": 1, "offset": 0, "data": "AA==", "final": true}, nil)
	if codeOf(err) != string(domain.CodeFormClosed) {
		t.Fatalf("upload to no form: %v", err)
	}
	err = c.Call(context.Background(), "submissions.file", map[string]any{"form_id": 1, "submission_id": 1, "upload_id": "x"}, nil)
	if codeOf(err) != string(domain.CodeNotFound) {
		t.Fatalf("file: %v", err)
	}

	// The whole path: a published form with a file question, the page's
	// form token, the bytes, the submission naming them, the admin reading
	// them back, and the erasure removing them.
	ctxb := context.Background()
	var created struct{ Form domain.Form }
	if err := c.Call(ctxb, "forms.create", map[string]any{"title": "رزومه"}, &created); err != nil {
		t.Fatal(err)
	}
	doc := map[string]any{"version": "arshline_form@v1", "fields": []any{
		map[string]any{"id": "f1", "type": "text", "label": "نام"},
		map[string]any{"id": "cv", "type": "file", "label": "عکس", "accept": []string{"image/png"}, "max_size_kb": 1}}}
	if err := c.Call(ctxb, "forms.update", map[string]any{"id": created.Form.ID, "document": doc}, nil); err != nil {
		t.Fatal(err)
	}
	var pub struct{ Form domain.Form }
	if err := c.Call(ctxb, "forms.set_status", map[string]any{"id": created.Form.ID, "status": "published"}, &pub); err != nil {
		t.Fatal(err)
	}
	var pf struct {
		FormToken string `json:"form_token"`
	}
	if err := c.Call(ctxb, "forms.public", map[string]any{"token": pub.Form.PublicToken}, &pf); err != nil {
		t.Fatal(err)
	}
	png, _ := base64.StdEncoding.DecodeString("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==")
	var up struct {
		UploadID string `json:"upload_id"`
	}
	if err := c.Call(ctxb, "submissions.upload", map[string]any{"token": pub.Form.PublicToken, "form_token": pf.FormToken, "field": "cv",
		"name": "photo.txt", "size": len(png), "offset": 0, "data": base64.StdEncoding.EncodeToString(png), "final": true}, &up); err != nil {
		t.Fatalf("upload: %v", err)
	}
	submit := func(ids ...string) error {
		list := []map[string]string{}
		for _, id := range ids {
			list = append(list, map[string]string{"upload_id": id})
		}
		return c.Call(ctxb, "submissions.submit", map[string]any{"token": pub.Form.PublicToken, "form_token": pf.FormToken,
			"answers": map[string]any{"f1": "مینا", "cv": list}, "client": map[string]any{"ip_hash": "h"}}, nil)
	}
	// An upload id the daemon never received: refused under the question,
	// in both languages, and nothing stored.
	err = submit("never-uploaded")
	var refusal *rpc.Error
	if !errors.As(err, &refusal) || refusal.CodeName() != string(domain.CodeInvalidSubmission) {
		t.Fatalf("submit with an unknown upload: %v", err)
	}
	want := map[string]any{"field": "cv", "code": "invalid_upload",
		"message_fa": "فایل فرستاده‌شده شناخته نشد؛ آن را دوباره بفرستید", "message_en": "An uploaded file was not recognised; upload it again"}
	if fields, _ := refusal.Data["fields"].([]any); len(fields) != 1 || !reflect.DeepEqual(fields[0], want) {
		t.Fatalf("the unknown upload's entry: %#v", refusal.Data["fields"])
	}
	var receipt struct {
		SubmissionID int64 `json:"submission_id"`
	}
	if err := c.Call(ctxb, "submissions.submit", map[string]any{"token": pub.Form.PublicToken, "form_token": pf.FormToken,
		"answers": map[string]any{"f1": "مینا", "cv": []map[string]string{{"upload_id": up.UploadID}}}, "client": map[string]any{"ip_hash": "h"}}, &receipt); err != nil {
		t.Fatalf("submit: %v", err)
	}
	// Claimed once: a second submission cannot name it.
	if err := submit(up.UploadID); codeOf(err) != string(domain.CodeInvalidSubmission) {
		t.Fatalf("an upload claimed twice: %v", err)
	}
	var page struct {
		Data string `json:"data"`
	}
	if err := c.Call(ctxb, "submissions.file", map[string]any{"form_id": created.Form.ID, "submission_id": receipt.SubmissionID, "upload_id": up.UploadID}, &page); err != nil {
		t.Fatalf("file: %v", err)
	}
	if got, _ := base64.StdEncoding.DecodeString(page.Data); !bytes.Equal(got, png) {
		t.Fatalf("file read back: %d bytes, want the %d uploaded", len(got), len(png))
	}
	stored := func() int {
		entries, _ := os.ReadDir(cfg.UploadDir)
		n := 0
		for _, e := range entries {
			if !e.IsDir() {
				n++
			}
		}
		return n
	}
	if stored() != 1 {
		t.Fatalf("%d files stored, want 1", stored())
	}
	if err := c.Call(ctxb, "submissions.delete", map[string]any{"form_id": created.Form.ID, "ids": []int64{receipt.SubmissionID}}, nil); err != nil {
		t.Fatal(err)
	}
	if stored() != 0 {
		t.Fatalf("the erased submission's file is still stored")
	}
	for _, m := range []string{"submissions.upload", "submissions.file"} {
		err := c.Call(context.Background(), m, map[string]any{"bogus_member": 1}, nil)
		var re *rpc.Error
		if !errors.As(err, &re) || re.CodeName() != string(domain.CodeInvalidParams) || re.Data["param"] != "bogus_member" {
			t.Errorf("%s with an unknown member: %v", m, err)
		}
	}
	// submissions.file needs the manage capability.
	err = c.Call(context.Background(), "submissions.file", map[string]any{"form_id": 1, "submission_id": 1, "upload_id": "x",
		"actor": map[string]any{"user_id": 5, "caps": []string{"read"}, "locale": "en_US"}}, nil)
	if codeOf(err) != string(domain.CodeForbidden) {
		t.Fatalf("file without the capability: %v", err)
	}
}

// TestConcurrentUploads: uploads from several connections at once, and
// two chunks of one upload sent together: each file is stored byte for
// byte, and of the two chunks one is taken and the other, arriving out of
// order, cancels that upload, which leaves no part file.
func TestConcurrentUploads(t *testing.T) {
	e := newEnv(t, uploads.Config{})
	token, ft, _ := e.form(t, domain.StatusPublished)
	var wg sync.WaitGroup
	errs := make(chan error, 4)
	for i := range 4 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			c, err := rpc.Dial(context.Background(), e.sock)
			if err != nil {
				errs <- err
				return
			}
			defer c.Close()
			content := bytes.Repeat([]byte{byte(i)}, uploads.ChunkBytes+1000*i+1)
			mine := &env{c: c}
			res, err := mine.upload(token, ft, "doc", fmt.Sprint(i), content, 100_000)
			if err != nil {
				errs <- err
				return
			}
			if sum := sha256.Sum256(content); res.SHA256 != hex.EncodeToString(sum[:]) {
				errs <- fmt.Errorf("upload %d: sha256 %s", i, res.SHA256)
			}
		}()
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		t.Error(err)
	}
	if files, parts := e.stored(t); len(files) != 4 || len(parts) != 0 {
		t.Fatalf("files %v parts %v", files, parts)
	}

	first, err := e.send(chunk{token: token, formToken: ft, field: "doc", name: "x", size: 300, data: make([]byte, 100)})
	if err != nil {
		t.Fatal(err)
	}
	results := make(chan error, 2)
	for range 2 {
		go func() {
			_, err := e.send(chunk{token: token, formToken: ft, field: "doc", name: "x", size: 300, uploadID: first.UploadID, offset: 100, data: make([]byte, 100)})
			results <- err
		}()
	}
	var ok, refused int
	for range 2 {
		if err := <-results; err == nil {
			ok++
		} else if codeOf(err) == string(domain.CodeInvalidParams) {
			refused++
		}
	}
	if ok != 1 || refused != 1 {
		t.Fatalf("two chunks at once: %d taken, %d refused", ok, refused)
	}
	if _, parts := e.stored(t); len(parts) != 0 {
		t.Fatalf("parts left %v", parts)
	}
}

// BenchmarkUpload10MiB: one 10 MiB file in 40 chunks of 256 KiB over the
// socket, from the first chunk to the pending row.
func BenchmarkUpload10MiB(b *testing.B) {
	e := newEnv(b, uploads.Config{StartsPerMinute: 1 << 20, ChunksPerMinute: 1 << 20, MaxPendingBytes: 1 << 40})
	token, ft, _ := e.form(b, domain.StatusPublished)
	content := make([]byte, 10<<20)
	b.SetBytes(int64(len(content)))
	for b.Loop() {
		if _, err := e.upload(token, ft, "doc", "big.bin", content, uploads.ChunkBytes); err != nil {
			b.Fatal(err)
		}
	}
}
