package uploads

import (
	"context"
	"encoding/base64"
	"errors"
	"io"

	"github.com/gabriel-vasile/mimetype"

	"github.com/arshline/arshline-sidecar/daemon/domain"
)

// FileParams asks for one page of a submission's file: submissions.file.
type FileParams struct {
	FormID       int64  `json:"form_id"`
	SubmissionID int64  `json:"submission_id"`
	UploadID     string `json:"upload_id"`
	// Offset is where the page starts; pages are at most ChunkBytes.
	Offset int64 `json:"offset"`
}

// FileResult is one page of a file, base64 as uploads travel, with what
// the daemon knows of the file. NextOffset is where the next page
// starts; EOF says this page is the last.
type FileResult struct {
	UploadID string `json:"upload_id"`
	// Name is the file's name on the respondent's device: text to show,
	// never a name to save under.
	Name string `json:"name"`
	// DownloadName is the name to save the file under: its upload id and
	// the extension of the type sniffed from its bytes.
	DownloadName string `json:"download_name"`
	MIME         string `json:"mime"`
	Size         int64  `json:"size"`
	SHA256       string `json:"sha256"`
	Offset       int64  `json:"offset"`
	Data         string `json:"data"`
	NextOffset   int64  `json:"next_offset"`
	EOF          bool   `json:"eof"`
}

// File returns a page of a file a submission of the actor's site holds.
func (s *Service) File(ctx context.Context, p FileParams) (*FileResult, error) {
	if p.FormID < 1 || p.SubmissionID < 1 || p.UploadID == "" || len(p.UploadID) > maxIDBytes {
		return nil, domain.InvalidParams("form_id, submission_id and upload_id name the file")
	}
	u, err := s.cfg.Records.GetSubmissionUpload(ctx, domain.ActorFrom(ctx).Site(), p.FormID, p.SubmissionID, p.UploadID)
	if err != nil {
		return nil, err
	}
	if p.Offset < 0 || p.Offset > u.Size {
		return nil, domain.InvalidParams("offset must lie within the file").With("param", "offset")
	}
	f, err := s.cfg.Files.Open(*u)
	if err != nil {
		return nil, domain.Wrap(domain.CodeNotFound, err, "the file's bytes are missing")
	}
	defer f.Close()
	buf := make([]byte, min(ChunkBytes, u.Size-p.Offset))
	n, err := f.ReadAt(buf, p.Offset)
	if err != nil && !errors.Is(err, io.EOF) {
		return nil, err
	}
	next := p.Offset + int64(n)
	return &FileResult{UploadID: u.ID, Name: u.OriginalName, DownloadName: downloadName(u), MIME: u.MIME, Size: u.Size, SHA256: u.SHA256,
		Offset: p.Offset, Data: base64.StdEncoding.EncodeToString(buf[:n]), NextOffset: next, EOF: next >= u.Size}, nil
}

// downloadName is u's upload id with the extension of its sniffed type: a
// file saved and opened by the admin is opened as what its bytes are, not
// as the respondent named it (a report.html, an .hta or a .js would run).
// A type that runs script when opened is named .txt, a type without a
// known extension .bin.
func downloadName(u *domain.Upload) string {
	ext := ".bin"
	switch m := mimetype.Lookup(u.MIME); {
	case scripting(u.MIME):
		ext = ".txt"
	case m != nil && m.Extension() != "":
		ext = m.Extension()
	}
	return u.ID + ext
}
