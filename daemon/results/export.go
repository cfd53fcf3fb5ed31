package results

import (
	"context"
	"encoding/base64"
	"encoding/json"
	"net/url"
	"strconv"
	"strings"
	"time"

	"github.com/arshline/arshline-sidecar/daemon/domain"
)

// ExportParams are submissions.export's parameters. The first call names
// the form, the format and the filters; each next call sends the
// next_cursor it was given (with the same form_id and format) until done.
type ExportParams struct {
	FormID int64  `json:"form_id"`
	Format string `json:"format"`
	Cursor string `json:"cursor,omitempty"`
	// Status exports one status; without it every status but spam.
	Status string `json:"status,omitempty"`
	// From and To bound the days (Iran time, both inclusive).
	From string `json:"from,omitempty"`
	To   string `json:"to,omitempty"`
	// FileLink is where the admin opens a file an answer holds: an http(s)
	// URL with {upload_id} and, optionally, {form_id} and {submission_id}
	// in it, which the plugin gives for its own file route. A file's cell
	// holds its name and this link filled in.
	FileLink string `json:"file_link,omitempty"`
}

// view is how an export's cells are written: in Persian or English, with
// file links made from the plugin's template.
type view struct {
	persian  bool
	fileLink string
}

// maxFileLink bounds the file link template.
const maxFileLink = 1000

// checkFileLink refuses a file link template that is not an absolute
// http(s) URL holding {upload_id}.
func checkFileLink(tpl string) error {
	if tpl == "" {
		return nil
	}
	bad := domain.InvalidParams("file_link must be an http or https URL holding {upload_id}").With("param", "file_link")
	if len(tpl) > maxFileLink || !strings.Contains(tpl, "{upload_id}") {
		return bad
	}
	u, err := url.Parse(fillLink(tpl, 1, 1, "x"))
	if err != nil || (u.Scheme != "https" && u.Scheme != "http") || u.Host == "" || strings.ContainsAny(tpl, " \t\r\n\"<>") {
		return bad
	}
	return nil
}

// fillLink is the link template with a file's ids in it.
func fillLink(tpl string, formID, submissionID int64, uploadID string) string {
	return strings.NewReplacer("{form_id}", strconv.FormatInt(formID, 10), "{submission_id}", strconv.FormatInt(submissionID, 10),
		"{upload_id}", uploadID).Replace(tpl)
}

// ExportPage is one piece of the file: the pieces, in order, are the
// file. A page may be empty while an XLSX file is still being built.
type ExportPage struct {
	// Data is the piece's bytes (base64 in JSON), at most 512 KiB.
	Data        []byte `json:"data"`
	NextCursor  string `json:"next_cursor,omitempty"`
	Done        bool   `json:"done"`
	Filename    string `json:"filename"`
	ContentType string `json:"content_type"`
	// Rows counts the submissions in this piece (CSV only).
	Rows int `json:"rows"`
}

// Export formats.
const (
	FormatCSV  = "csv"
	FormatXLSX = "xlsx"
)

// pageBytes is how many bytes a page carries at most (a page holds at
// least one row, so a single row longer than this makes a longer page).
// Each page is a round trip, a query of the store and a reply's framing,
// so a million-row export is cheaper in fewer, bigger pages; 512 KiB is
// a reply of about 700 KB in base64, under the 1 MiB the server keeps
// its reply buffers up to, and rpc.Client's frame buffer grows to it by
// doubling and is given back after.
const pageBytes = 512 << 10

// scanRows is how many submissions one read of the store takes.
const scanRows = 2048

// cursor is where an export stands; it travels to the client and back
// as opaque base64. It carries the filters, so that a page cannot be
// asked with others, and the form's newest version and submission when
// the export began, so that every page has the same columns and the
// export ends.
type cursor struct {
	Form   int64  `json:"f"`
	Format string `json:"k"`
	Status string `json:"s,omitempty"`
	From   string `json:"a,omitempty"`
	To     string `json:"b,omitempty"`
	After  int64  `json:"n"`
	Last   int64  `json:"l"`
	Mark   int64  `json:"m"`
	// Job and Offset: the XLSX file being served, and how far.
	Job    string `json:"j,omitempty"`
	Offset int64  `json:"o,omitempty"`
}

func (c cursor) encode() string {
	b, _ := json.Marshal(c)
	return base64.RawURLEncoding.EncodeToString(b)
}

func badCursor() error {
	return domain.InvalidParams("cursor is not one this export gave").With("param", "cursor")
}

func decodeCursor(s string) (cursor, error) {
	var c cursor
	b, err := base64.RawURLEncoding.DecodeString(s)
	if err != nil || json.Unmarshal(b, &c) != nil || c.Form <= 0 || c.After < 0 || c.Offset < 0 {
		return c, badCursor()
	}
	return c, nil
}

// Export serves submissions.export, one page per call: CSV is read page
// by page by submission id (each call reads only its own rows); XLSX is
// built once, into a file in the export directory, and served from it
// by offset. Either way neither side holds more than a page.
func (s *Service) Export(ctx context.Context, p ExportParams) (*ExportPage, error) {
	if err := checkFileLink(p.FileLink); err != nil {
		return nil, err
	}
	if p.Format != FormatCSV && p.Format != FormatXLSX {
		return nil, domain.InvalidParams("format must be csv or xlsx").With("param", "format")
	}
	if p.Status != "" && !domain.SubmissionStatus(p.Status).Valid() {
		return nil, domain.InvalidParams("status must be new, read, starred or spam").With("param", "status")
	}
	fromDay, toDay, err := DayBounds(p.From, p.To)
	if err != nil {
		return nil, err
	}
	if p.FormID <= 0 {
		return nil, domain.InvalidParams("form_id must be a positive integer")
	}
	// The site is checked on every page: a cursor is no key to a form.
	mark, err := s.store.FormMark(ctx, domain.ActorFrom(ctx).Site(), p.FormID)
	if err != nil {
		return nil, err
	}
	var c cursor
	if p.Cursor != "" {
		if c, err = decodeCursor(p.Cursor); err != nil {
			return nil, err
		}
		if c.Form != p.FormID || c.Format != p.Format {
			return nil, badCursor()
		}
		if (p.Status != "" && p.Status != c.Status) || (fromDay != "" && fromDay != c.From) || (toDay != "" && toDay != c.To) {
			return nil, domain.InvalidParams("filters differ from the ones the export began with").With("param", "cursor")
		}
	} else if c, err = s.begin(ctx, p, fromDay, toDay, mark); err != nil {
		return nil, err
	}
	cat, err := s.catalogueAt(ctx, c.Form, c.Mark)
	if err != nil {
		return nil, err
	}
	v := view{persian: domain.IsPersian(domain.ActorFrom(ctx).Locale), fileLink: p.FileLink}
	if p.Format == FormatXLSX {
		return s.xlsxPage(ctx, cat, c, p.Cursor == "", v)
	}
	site := domain.ActorFrom(ctx).Site()
	page, next, err := s.aheadPage(ctx, p.Cursor, site, v)
	if page == nil && err == nil {
		page, next, err = s.csvPage(ctx, cat, c, p.Cursor == "", v)
	}
	if err == nil && !page.Done {
		s.readAhead(cat, next, page.NextCursor, site, v)
	}
	return page, err
}

// Reading ahead. Paging alone alternates the daemon and the client: the
// daemon makes a page while the client waits, then the client decodes
// and writes it while the daemon waits. So once a CSV page is sent the
// next is made at once, in the background, and kept under the cursor
// that names it; the call that sends that cursor takes it (after the
// same checks as any call). At most maxAhead pages are kept, each for
// aheadTTL at most.
const (
	maxAhead = 16
	aheadTTL = time.Minute
)

// ahead is one page made before it was asked for.
type ahead struct {
	site int64
	// view is how its cells were written (language, file links).
	view view
	made time.Time
	done chan struct{}
	page *ExportPage
	next cursor
	err  error
}

// readAhead starts making the page after next's cursor (key).
func (s *Service) readAhead(cat *catalogue, next cursor, key string, site int64, v view) {
	a := &ahead{site: site, view: v, made: time.Now(), done: make(chan struct{})}
	s.mu.Lock()
	for k, old := range s.ahead {
		if len(s.ahead) >= maxAhead || time.Since(old.made) > aheadTTL {
			delete(s.ahead, k)
		}
	}
	s.ahead[key] = a
	s.mu.Unlock()
	go func() {
		defer close(a.done)
		ctx, cancel := context.WithTimeout(context.Background(), aheadTTL)
		defer cancel()
		a.page, a.next, a.err = s.csvPage(ctx, cat, next, false, v)
	}()
}

// aheadPage takes the page made ahead for cursor, if there is one for
// the site in the caller's language; nil without one (or when making it failed: the call then
// makes it again and reports its own error).
func (s *Service) aheadPage(ctx context.Context, key string, site int64, v view) (*ExportPage, cursor, error) {
	if key == "" {
		return nil, cursor{}, nil
	}
	s.mu.Lock()
	a := s.ahead[key]
	delete(s.ahead, key)
	s.mu.Unlock()
	if a == nil || a.site != site || a.view != v {
		return nil, cursor{}, nil
	}
	select {
	case <-a.done:
	case <-ctx.Done():
		return nil, cursor{}, ctx.Err()
	}
	if a.err != nil {
		return nil, cursor{}, nil
	}
	return a.page, a.next, nil
}

// begin fixes what an export covers: the submissions up to the form's
// newest now, within the days asked for.
func (s *Service) begin(ctx context.Context, p ExportParams, fromDay, toDay string, mark int64) (cursor, error) {
	c := cursor{Form: p.FormID, Format: p.Format, Status: p.Status, From: fromDay, To: toDay, Mark: mark}
	if fromDay == "" && toDay == "" {
		last, err := s.store.LastSubmissionID(ctx, p.FormID)
		c.Last = last
		return c, err
	}
	_, first, last, err := s.store.DayRange(ctx, p.FormID, fromDay, toDay)
	if last > 0 {
		c.After, c.Last = first-1, last
	}
	return c, err
}

func exportName(formID int64, format string) string {
	return "arshline-form-" + strconv.FormatInt(formID, 10) + "." + format
}

// rowBatch is submissions read from the store for a CSV page, their
// answers copied out of the driver's buffer into one of the batch's own.
type rowBatch struct {
	subs    []domain.Submission
	answers []byte
	ends    []int
	free    chan *rowBatch
}

// batchRows is how many submissions go to the CSV writer at once: a
// hand-over per few dozen rows, and a page's end wastes at most a few
// batches read ahead.
const batchRows = 32

// release hands the batch back to its reader, for the next rows.
func (b *rowBatch) release() {
	select {
	case b.free <- b:
	default:
	}
}

// readRows reads the rows of an export after c.After up to c.Last, in
// batches, until the rows end or ctx is cancelled; the channel closes
// after the last batch, and *err then holds the read's error.
func (s *Service) readRows(ctx context.Context, c cursor) (<-chan *rowBatch, *error) {
	const ahead = 2 // batches read before the writer takes them
	out := make(chan *rowBatch, ahead)
	free := make(chan *rowBatch, ahead+2)
	for range ahead + 2 {
		free <- &rowBatch{free: free}
	}
	var readErr error
	go func() {
		defer close(out)
		var b *rowBatch
		send := func() error {
			start := 0
			for i, end := range b.ends {
				b.subs[i].Answers = b.answers[start:end:end]
				start = end
			}
			select {
			case out <- b:
				b = nil
				return nil
			case <-ctx.Done():
				return ctx.Err()
			}
		}
		after := c.After
		for after < c.Last {
			n, err := s.store.ScanSubmissions(ctx, c.Form, after, c.Last, domain.SubmissionStatus(c.Status), scanRows, func(sub *domain.Submission) error {
				if b == nil {
					select {
					case b = <-free:
					case <-ctx.Done():
						return ctx.Err()
					}
					b.subs, b.answers, b.ends = b.subs[:0], b.answers[:0], b.ends[:0]
				}
				b.answers = append(b.answers, sub.Answers...)
				b.ends = append(b.ends, len(b.answers))
				b.subs = append(b.subs, *sub)
				after = sub.ID
				if len(b.subs) == batchRows {
					return send()
				}
				return nil
			})
			if err != nil {
				readErr = err
				return
			}
			if n < scanRows {
				break
			}
		}
		if b != nil {
			if err := send(); err != nil {
				readErr = err
			}
		}
	}()
	return out, &readErr
}

// csvPage writes the next page of a CSV export: on the first, a UTF-8
// byte order mark (Excel then reads Persian as UTF-8) and the header.
func (s *Service) csvPage(ctx context.Context, cat *catalogue, c cursor, first bool, v view) (*ExportPage, cursor, error) {
	buf := make([]byte, 0, s.pageBytes+s.pageBytes/8)
	m := newRowMaker(cat, v)
	record := make([]string, len(m.row))
	if first {
		buf = append(buf, "\ufeff"...)
		for i, h := range m.header() {
			record[i] = neutralise(textCell(h))
		}
		buf = appendCSVRecord(buf, record)
	}
	rows, done := 0, c.After >= c.Last
	if !done {
		// The store's rows are read in a second goroutine while this one
		// makes the CSV, so that an export uses two cores where there
		// are: reading a row from SQLite is about a third of its cost.
		ctx, stop := context.WithCancel(ctx)
		batches, readErr := s.readRows(ctx, c)
		full := false
		for b := range batches {
			for i := range b.subs {
				if full {
					break
				}
				sub := &b.subs[i]
				for i, v := range m.make(sub) {
					record[i] = neutralise(v)
				}
				before := len(buf)
				if buf = appendCSVRecord(buf, record); len(buf) > s.pageBytes && rows > 0 {
					buf = buf[:before] // the row opens the next page
					full = true
					stop()
					break
				}
				c.After = sub.ID
				rows++
			}
			b.release()
		}
		stop()
		if err := *readErr; err != nil && !full {
			return nil, c, err
		}
		done = !full
	}
	page := &ExportPage{Data: buf, Done: done || c.After >= c.Last, Filename: exportName(c.Form, FormatCSV),
		ContentType: "text/csv; charset=utf-8", Rows: rows}
	if !page.Done {
		page.NextCursor = c.encode()
	}
	return page, c, nil
}
