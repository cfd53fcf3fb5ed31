package uploads_test

import (
	"context"
	"errors"
	"testing"
	"time"

	"github.com/arshline/arshline-sidecar/daemon/domain"
	"github.com/arshline/arshline-sidecar/daemon/uploads"
	"github.com/arshline/arshline-sidecar/rpc"
)

// begin sends the first chunk of an upload of size bytes carrying sent
// bytes, from client ip.
func (e *env) begin(token, ft, ip string, size int64, sent int) (*uploads.UploadResult, error) {
	return e.send(chunk{token: token, formToken: ft, field: "doc", name: "a", size: size, data: make([]byte, sent), ipHash: ip,
		final: int64(sent) == size})
}

func limitOf(err error) (code string, limit any) {
	var re *rpc.Error
	if errors.As(err, &re) {
		return re.CodeName(), re.Data["limit"]
	}
	return codeOf(err), nil
}

// TestUploadSlotsPerClient: one client holds only so many uploads in
// progress, whoever else is uploading; the daemon's own bound still
// holds for everyone together.
func TestUploadSlotsPerClient(t *testing.T) {
	e := newEnv(t, uploads.Config{MaxTransfersPerClient: 2, MaxTransfers: 3})
	token, ft, _ := e.form(t, domain.StatusPublished)
	for i := range 2 {
		if _, err := e.begin(token, ft, "a", 100, 1); err != nil {
			t.Fatalf("client a's upload %d: %v", i+1, err)
		}
	}
	t.Run("a third of one client", func(t *testing.T) {
		_, err := e.begin(token, ft, "a", 100, 1)
		if code, limit := limitOf(err); code != string(domain.CodeRateLimit) || limit != "uploads_in_progress" {
			t.Fatalf("client a's third upload in progress: %v (%v)", err, limit)
		}
	})
	t.Run("another client", func(t *testing.T) {
		if _, err := e.begin(token, ft, "b", 100, 1); err != nil {
			t.Fatalf("client b: %v", err)
		}
	})
	t.Run("past the daemon's bound", func(t *testing.T) {
		if _, err := e.begin(token, ft, "c", 100, 1); codeOf(err) != string(domain.CodeRateLimit) {
			t.Fatalf("a fourth upload of the daemon: %v", err)
		}
	})
}

// TestStalledUploadLosesItsSlot: an upload that sends nothing for the
// idle timeout, or too little to ever finish (a byte a minute), loses its
// slot: its next chunk is refused and another client takes the slot.
func TestStalledUploadLosesItsSlot(t *testing.T) {
	e := newEnv(t, uploads.Config{MaxTransfers: 1, IdleTimeout: 2 * time.Minute, MinBytesPerSecond: 64})
	token, ft, _ := e.form(t, domain.StatusPublished)
	t.Run("a byte a minute", func(t *testing.T) {
		slow, err := e.begin(token, ft, "slow", 100_000, 1)
		if err != nil {
			t.Fatal(err)
		}
		var offset int64 = 1
		for minute := 1; minute <= 3; minute++ {
			e.clock.add(time.Minute)
			_, err := e.send(chunk{token: token, formToken: ft, field: "doc", name: "a", size: 100_000, uploadID: slow.UploadID,
				offset: offset, data: []byte{1}, ipHash: "slow"})
			if err != nil {
				if minute < 2 {
					t.Fatalf("refused within the idle timeout, at minute %d: %v", minute, err)
				}
				break
			}
			offset++
			if minute == 3 {
				t.Fatalf("a byte a minute kept its slot for %d minutes", minute)
			}
		}
		if _, err := e.begin(token, ft, "next", 100, 1); err != nil {
			t.Fatalf("the slow upload's slot was not freed: %v", err)
		}
	})
	t.Run("silent", func(t *testing.T) {
		e.clock.add(2*time.Minute + time.Second)
		if _, err := e.begin(token, ft, "after", 100, 1); err != nil {
			t.Fatalf("a silent upload kept its slot past the idle timeout: %v", err)
		}
	})
	t.Run("steady progress keeps it", func(t *testing.T) {
		e.clock.add(3 * time.Minute)
		up, err := e.begin(token, ft, "steady", 100_000, 10_000)
		if err != nil {
			t.Fatal(err)
		}
		for i := int64(1); i < 5; i++ {
			e.clock.add(time.Minute)
			if _, err := e.send(chunk{token: token, formToken: ft, field: "doc", name: "a", size: 100_000, uploadID: up.UploadID,
				offset: i * 10_000, data: make([]byte, 10_000), ipHash: "steady"}); err != nil {
				t.Fatalf("a steady upload (10 KB a minute) refused at minute %d: %v", i, err)
			}
		}
	})
}

// TestPendingCapCountsBytesReceived: uploads begun with a large declared
// size but few bytes sent do not fill a form's pending cap; the bytes
// that arrive do.
func TestPendingCapCountsBytesReceived(t *testing.T) {
	e := newEnv(t, uploads.Config{MaxPendingBytes: 1000})
	token, ft, _ := e.form(t, domain.StatusPublished)
	var started []*uploads.UploadResult
	for _, ip := range []string{"x1", "x2", "x3"} {
		r, err := e.begin(token, ft, ip, 400, 1)
		if err != nil {
			t.Fatalf("declaring 400 bytes: %v", err)
		}
		started = append(started, r)
	}
	t.Run("another visitor's file", func(t *testing.T) {
		if _, err := e.begin(token, ft, "visitor", 300, 300); err != nil {
			t.Fatalf("1,200 bytes declared but 3 received blocked a 300-byte file: %v", err)
		}
	})
	t.Run("bytes received count", func(t *testing.T) {
		more := func(i int) error {
			_, err := e.send(chunk{token: token, formToken: ft, field: "doc", name: "a", size: 400, uploadID: started[i].UploadID,
				offset: 1, data: make([]byte, 399), final: true, ipHash: []string{"x1", "x2", "x3"}[i]})
			return err
		}
		if err := more(0); err != nil {
			t.Fatalf("up to 702 bytes: %v", err)
		}
		if code, limit := limitOf(more(1)); code != string(domain.CodeTooLarge) || limit != "pending_bytes" {
			t.Fatalf("past the cap: %v %v", code, limit)
		}
	})
}

// TestStorageQuotas: a form and a site hold only so many bytes of files,
// pending or claimed; past them an upload is refused before its bytes
// come.
func TestStorageQuotas(t *testing.T) {
	e := newEnv(t, uploads.Config{FormQuotaBytes: 1000, SiteQuotaBytes: 1500})
	token, ft, _ := e.form(t, domain.StatusPublished)
	token2, ft2, _ := e.form(t, domain.StatusPublished)
	if _, err := e.begin(token, ft, "a", 600, 600); err != nil {
		t.Fatal(err)
	}
	t.Run("the form's quota", func(t *testing.T) {
		_, err := e.begin(token, ft, "b", 500, 1)
		if code, limit := limitOf(err); code != string(domain.CodeTooLarge) || limit != "form_quota" {
			t.Fatalf("600 + 500 bytes in a form of 1,000: %v %v", code, limit)
		}
	})
	if _, err := e.begin(token2, ft2, "c", 800, 800); err != nil {
		t.Fatalf("another form: %v", err)
	}
	t.Run("the site's quota", func(t *testing.T) {
		_, err := e.begin(token2, ft2, "d", 150, 1)
		if code, limit := limitOf(err); code != string(domain.CodeTooLarge) || limit != "site_quota" {
			t.Fatalf("1,400 + 150 bytes in a site of 1,500: %v %v", code, limit)
		}
	})
	t.Run("a file that fits", func(t *testing.T) {
		if _, err := e.begin(token2, ft2, "d", 100, 100); err != nil {
			t.Fatal(err)
		}
	})
}

// TestClientByteBudget: one client sends only so many bytes an hour,
// however many forms and uploads it spreads them over; others are not
// held back, and the budget comes back with time.
func TestClientByteBudget(t *testing.T) {
	e := newEnv(t, uploads.Config{ClientBytesPerHour: 1000})
	token, ft, _ := e.form(t, domain.StatusPublished)
	if _, err := e.begin(token, ft, "greedy", 600, 600); err != nil {
		t.Fatal(err)
	}
	t.Run("past the budget", func(t *testing.T) {
		_, err := e.begin(token, ft, "greedy", 600, 600)
		var re *rpc.Error
		if !errors.As(err, &re) || re.CodeName() != string(domain.CodeRateLimit) || re.Data["retry_after_sec"] == nil {
			t.Fatalf("1,200 bytes in an hour of 1,000: %v", err)
		}
	})
	t.Run("another client", func(t *testing.T) {
		if _, err := e.begin(token, ft, "other", 600, 600); err != nil {
			t.Fatal(err)
		}
	})
	t.Run("an hour later", func(t *testing.T) {
		e.clock.add(time.Hour)
		if _, err := e.begin(token, ft, "greedy", 600, 600); err != nil {
			t.Fatal(err)
		}
	})
}

// TestLowDiskRefusesUploads: below the free-space floor (bytes, or a
// share of the file system) an upload is refused with a message in both
// languages, and nothing of it is written.
func TestLowDiskRefusesUploads(t *testing.T) {
	var free, total uint64 = 4 << 30, 100 << 30
	e := newEnv(t, uploads.Config{MinFreeBytes: 1 << 30, MinFreePercent: 5,
		FreeSpace: func() (uint64, uint64, error) { return free, total, nil }})
	token, ft, _ := e.form(t, domain.StatusPublished)
	for name, c := range map[string]struct{ free, total uint64 }{
		"under the share":  {4 << 30, 100 << 30},
		"under the bytes":  {900 << 20, 10 << 30},
		"on the very edge": {1<<30 + 50, 10 << 30},
	} {
		t.Run(name, func(t *testing.T) {
			free, total = c.free, c.total
			_, err := e.begin(token, ft, "a", 100, 100)
			var re *rpc.Error
			if !errors.As(err, &re) || re.CodeName() != string(domain.CodeUnavailable) || re.Data["limit"] != "disk_free" {
				t.Fatalf("free %d of %d: %v", c.free, c.total, err)
			}
			if files, parts := e.stored(t); len(files) != 0 || len(parts) != 0 {
				t.Fatalf("written: %v %v", files, parts)
			}
		})
	}
	t.Run("above the floor", func(t *testing.T) {
		free, total = 6<<30, 100<<30
		if _, err := e.begin(token, ft, "a", 100, 100); err != nil {
			t.Fatal(err)
		}
	})
}

// TestDownloadNamedByTheSniffedType: a file is handed to the admin under
// a name made of its upload id and the extension of the type sniffed
// from its bytes, never the respondent's name or extension (which is
// kept as text, "name"); a type that runs script when opened is named
// .txt.
func TestDownloadNamedByTheSniffedType(t *testing.T) {
	e := newEnv(t, uploads.Config{})
	token, ft, formID := e.form(t, domain.StatusPublished)
	png := pngBytes(t)
	for _, c := range []struct {
		field, name string
		content     []byte
		ext         string
	}{
		{"photo", "report.html", png, ".png"},
		{"doc", "invoice.pdf.hta", []byte("just some words, nothing more\n"), ".txt"},
		{"doc", "run.js", []byte{0x00, 0x01, 0x02, 0x03, 0xfe, 0xff, 0x10, 0x80}, ".bin"},
		{"doc", "payload.vbs", []byte("%PDF-1.4\n%\xe2\xe3\xcf\xd3\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n"), ".pdf"},
	} {
		t.Run(c.name, func(t *testing.T) {
			res, err := e.upload(token, ft, c.field, c.name, c.content, 1<<20)
			if err != nil {
				t.Fatal(err)
			}
			sub := &domain.Submission{SiteID: 1, FormID: formID, VersionID: e.formTokens[ft][1], ClientHash: "c", AnswersSHA: "s", Answers: []byte("[]")}
			err = e.db.UpdateSubmissions(context.Background(), func(tx domain.SubmissionTx) error {
				if err := tx.InsertSubmission(sub, ""); err != nil {
					return err
				}
				_, err := tx.ClaimUploads(1, formID, sub.ID, c.field, []string{res.UploadID})
				return err
			})
			if err != nil {
				t.Fatal(err)
			}
			var page map[string]any
			if err := e.c.Call(context.Background(), "submissions.file", map[string]any{"form_id": formID, "submission_id": sub.ID, "upload_id": res.UploadID}, &page); err != nil {
				t.Fatal(err)
			}
			if page["download_name"] != res.UploadID+c.ext || page["name"] != c.name {
				t.Fatalf("download_name %v, name %v (mime %v): want %s and %s", page["download_name"], page["name"], page["mime"], res.UploadID+c.ext, c.name)
			}
		})
	}
}

// TestQuotasCountBytesReceived: uploads begun with a large declared size
// but few bytes sent do not fill a form's storage quota; the bytes that
// arrive do, on the chunk that would pass it.
func TestQuotasCountBytesReceived(t *testing.T) {
	e := newEnv(t, uploads.Config{FormQuotaBytes: 1000})
	token, ft, _ := e.form(t, domain.StatusPublished)
	var started []*uploads.UploadResult
	for _, ip := range []string{"q1", "q2", "q3"} {
		r, err := e.begin(token, ft, ip, 400, 1)
		if err != nil {
			t.Fatalf("declaring 400 bytes: %v", err)
		}
		started = append(started, r)
	}
	if _, err := e.begin(token, ft, "visitor", 300, 300); err != nil {
		t.Fatalf("1,200 bytes declared but 3 received blocked a 300-byte file: %v", err)
	}
	finish := func(i int) error {
		_, err := e.send(chunk{token: token, formToken: ft, field: "doc", name: "a", size: 400, uploadID: started[i].UploadID,
			offset: 1, data: make([]byte, 399), final: true, ipHash: []string{"q1", "q2", "q3"}[i]})
		return err
	}
	if err := finish(0); err != nil {
		t.Fatalf("up to 702 bytes: %v", err)
	}
	if code, limit := limitOf(finish(1)); code != string(domain.CodeTooLarge) || limit != "form_quota" {
		t.Fatalf("past the quota: %v %v", code, limit)
	}
}
