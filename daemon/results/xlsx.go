package results

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"errors"
	"os"
	"path/filepath"
	"sync"
	"time"

	"github.com/arshline/arshline-sidecar/daemon/domain"
	"github.com/arshline/arshline-sidecar/daemon/messages"
)

// XLSX exports. A workbook cannot be cut into independent pages as CSV
// can, so the first call starts building the whole file in the background
// and every call (the first too) serves the bytes written so far, from
// where the previous page ended. The workbook is written into the export
// file as the rows arrive (sheetWriter), never kept in memory. A call waits
// up to xlsxWait for new bytes and may return an empty page while the
// sheet is still being filled.
const (
	xlsxWait = 3 * time.Second
	// xlsxIdle: an export nobody has asked for a page of in this long is
	// stopped and its file removed.
	xlsxIdle = 10 * time.Minute
	// maxXLSXBuilds bounds the exports built at once, and maxXLSXJobs the
	// files kept (built or being served): each takes a core and disk.
	maxXLSXBuilds = 2
	maxXLSXJobs   = 8
)

// xlsxJobs are the XLSX exports under way.
type xlsxJobs struct {
	dir      string
	mu       sync.Mutex
	jobs     map[string]*xlsxJob
	building int
}

// xlsxJob is one XLSX file, built by one goroutine and served by calls.
type xlsxJob struct {
	id         string
	site, form int64
	path       string
	cancel     context.CancelFunc
	timer      *time.Timer

	mu       sync.Mutex
	size     int64 // bytes written to path so far
	finished bool
	err      error
	progress chan struct{} // closed (and replaced) when size or finished change
}

// newXLSXJobs removes what an earlier run left in dir: files of exports
// nobody can ask for any more.
func newXLSXJobs(dir string) *xlsxJobs {
	old, _ := filepath.Glob(filepath.Join(dir, "xlsx-*"))
	for _, f := range old {
		os.Remove(f)
	}
	return &xlsxJobs{dir: dir, jobs: map[string]*xlsxJob{}}
}

func tooManyExports() error {
	return domain.Errorf(domain.CodeUnavailable, "too many exports are being prepared; try again in a minute")
}

// tooManyRows: a sheet holds 1,048,576 rows, the header one of them.
func tooManyRows() error {
	return domain.Errorf(domain.CodeTooLarge, "an XLSX sheet holds at most 1,048,575 submissions; export CSV, or a shorter range of days")
}

// start registers a new export of the site's form.
func (js *xlsxJobs) start(site, form int64) (*xlsxJob, context.Context, error) {
	var b [16]byte
	rand.Read(b[:])
	id := hex.EncodeToString(b[:])
	js.mu.Lock()
	defer js.mu.Unlock()
	if js.building >= maxXLSXBuilds || len(js.jobs) >= maxXLSXJobs {
		return nil, nil, tooManyExports()
	}
	if err := os.MkdirAll(js.dir, 0o700); err != nil {
		return nil, nil, err
	}
	ctx, cancel := context.WithCancel(context.Background())
	j := &xlsxJob{id: id, site: site, form: form, path: filepath.Join(js.dir, "xlsx-"+id+".xlsx"),
		cancel: cancel, progress: make(chan struct{})}
	j.timer = time.AfterFunc(xlsxIdle, func() { js.remove(j) })
	js.jobs[id] = j
	js.building++
	return j, ctx, nil
}

// built counts a build as over.
func (js *xlsxJobs) built() {
	js.mu.Lock()
	js.building--
	js.mu.Unlock()
}

// get finds the export a cursor names, only for the site and form that
// began it.
func (js *xlsxJobs) get(id string, site, form int64) (*xlsxJob, error) {
	js.mu.Lock()
	j := js.jobs[id]
	js.mu.Unlock()
	if j == nil || j.site != site || j.form != form {
		return nil, domain.Errorf(domain.CodeNotFound, "this export has ended or expired; begin it again without a cursor")
	}
	j.timer.Reset(xlsxIdle)
	return j, nil
}

// remove stops an export and deletes its file.
func (js *xlsxJobs) remove(j *xlsxJob) {
	js.mu.Lock()
	delete(js.jobs, j.id)
	js.mu.Unlock()
	j.timer.Stop()
	j.cancel()
	os.Remove(j.path)
}

func (js *xlsxJobs) closeAll() {
	js.mu.Lock()
	all := make([]*xlsxJob, 0, len(js.jobs))
	for _, j := range js.jobs {
		all = append(all, j)
	}
	js.mu.Unlock()
	for _, j := range all {
		js.remove(j)
	}
}

// update records progress and wakes the calls waiting for it.
func (j *xlsxJob) update(fn func()) {
	j.mu.Lock()
	fn()
	close(j.progress)
	j.progress = make(chan struct{})
	j.mu.Unlock()
}

// wait returns once the file has bytes past offset, is finished, or
// xlsxWait has passed.
func (j *xlsxJob) wait(ctx context.Context, offset int64) (size int64, finished bool, err error) {
	deadline := time.NewTimer(xlsxWait)
	defer deadline.Stop()
	for {
		j.mu.Lock()
		size, finished, err, ch := j.size, j.finished, j.err, j.progress
		j.mu.Unlock()
		if size > offset || finished || err != nil {
			return size, finished, err
		}
		select {
		case <-ch:
		case <-deadline.C:
			return size, finished, nil
		case <-ctx.Done():
			return 0, false, ctx.Err()
		}
	}
}

// countingFile is the export file as the zip writer sees it: each write
// is published to the waiting calls once it is in the file.
type countingFile struct {
	f   *os.File
	job *xlsxJob
}

func (c *countingFile) Write(p []byte) (int, error) {
	n, err := c.f.Write(p)
	c.job.update(func() { c.job.size += int64(n) })
	return n, err
}

// xlsxPage serves the next bytes of an XLSX export, starting its build on
// the first call.
func (s *Service) xlsxPage(ctx context.Context, cat *catalogue, c cursor, first bool, v view) (*ExportPage, error) {
	site := domain.ActorFrom(ctx).Site()
	var j *xlsxJob
	var err error
	if first {
		var jctx context.Context
		if j, jctx, err = s.jobs.start(site, c.Form); err != nil {
			return nil, err
		}
		c.Job = j.id
		go func() {
			defer s.jobs.built()
			err := s.buildXLSX(jctx, j, cat, c, v)
			if jctx.Err() != nil {
				// Removed while it was being built: the file may have been
				// created after remove deleted the path.
				os.Remove(j.path)
			}
			j.update(func() { j.finished, j.err = true, err })
		}()
	} else if j, err = s.jobs.get(c.Job, site, c.Form); err != nil {
		return nil, err
	}
	size, finished, err := j.wait(ctx, c.Offset)
	if err != nil {
		if ctx.Err() == nil {
			s.jobs.remove(j)
		}
		return nil, err
	}
	n := min(size-c.Offset, int64(s.pageBytes))
	data := make([]byte, max(n, 0))
	if n > 0 {
		f, err := os.Open(j.path)
		if err != nil {
			return nil, err
		}
		_, err = f.ReadAt(data, c.Offset)
		f.Close()
		if err != nil {
			return nil, err
		}
	}
	c.Offset += int64(len(data))
	page := &ExportPage{Data: data, Filename: exportName(c.Form, FormatXLSX),
		ContentType: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"}
	if finished && c.Offset >= size {
		page.Done = true
		s.jobs.remove(j)
	} else {
		page.NextCursor = c.encode()
	}
	return page, nil
}

// buildXLSX writes the whole workbook of an export into j's file, the
// bytes published to the waiting calls as they are written. Answers go
// in as text or numbers, never as formulas: a cell "=1+1" is the text
// "=1+1" (an inline string), so nothing needs neutralising.
func (s *Service) buildXLSX(ctx context.Context, j *xlsxJob, cat *catalogue, c cursor, v view) error {
	f, err := os.OpenFile(j.path, os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o600)
	if err != nil {
		return err
	}
	defer f.Close()
	sheet := messages.Render(exportLocale(v.persian), domain.T("export sheet\x04Submissions"))
	m := newRowMaker(cat, v)
	sw, err := newSheetWriter(&countingFile{f: f, job: j}, sheet, len(m.row), v.persian)
	if err != nil {
		return err
	}
	finished := false
	defer func() {
		if !finished {
			sw.abandon()
		}
	}()
	header := make([]cell, len(m.row))
	for i, h := range m.header() {
		header[i] = textCell(h)
	}
	if err := sw.writeRow(header); err != nil {
		return err
	}
	// The rows are read in a second goroutine, as for CSV pages.
	rctx, stop := context.WithCancel(ctx)
	defer stop()
	batches, readErr := s.readRows(rctx, c)
	var writeErr error
	for b := range batches {
		for i := 0; i < len(b.subs) && writeErr == nil; i++ {
			if sw.row >= maxSheetRows {
				writeErr = tooManyRows()
				break
			}
			writeErr = sw.writeRow(m.make(&b.subs[i]))
		}
		b.release()
		if writeErr != nil {
			stop()
		}
	}
	if writeErr != nil {
		return writeErr
	}
	if *readErr != nil {
		return *readErr
	}
	if err := ctx.Err(); err != nil {
		return err
	}
	finished = true
	if err := sw.close(); err != nil {
		return err
	}
	if err := f.Sync(); err != nil {
		return err
	}
	return errors.Join(ctx.Err(), f.Close())
}

// maxSheetRows is the most rows a worksheet holds (Excel's limit).
const maxSheetRows = 1 << 20
