package results

import (
	"context"
	"encoding/json"
	"log/slog"
	"sync"

	"github.com/arshline/arshline-sidecar/daemon/document"
	"github.com/arshline/arshline-sidecar/daemon/domain"
)

// Store is what results and exports read: the SQLite store implements it.
type Store interface {
	// FormMark returns the newest version id of a live form of the site,
	// NOT_FOUND for any other form.
	FormMark(ctx context.Context, siteID, formID int64) (int64, error)
	// FormVersions returns the form's versions up to id upTo, oldest first.
	FormVersions(ctx context.Context, formID, upTo int64) ([]domain.Version, error)
	// DayRange sums the form's per-day counts between two Iran-time days
	// (inclusive, "" open): submissions that are not spam, and their id
	// range.
	DayRange(ctx context.Context, formID int64, fromDay, toDay string) (total, firstID, lastID int64, err error)
	// SumAnswerCounts sums the running counts per field and key.
	SumAnswerCounts(ctx context.Context, formID int64, fromDay, toDay string) ([]domain.AnswerCount, error)
	// LatestAnswers hands fn the answers (value as JSON) to fields of the
	// newest submissions that are not spam, newest first.
	LatestAnswers(ctx context.Context, formID, firstID, lastID int64, fields []string, scan int,
		fn func(submissionID int64, createdAt, field, value string) bool) error
	// ScanSubmissions hands fn up to limit submissions after afterID up
	// to lastID, oldest first; status "" is every status but spam.
	ScanSubmissions(ctx context.Context, formID, afterID, lastID int64, status domain.SubmissionStatus, limit int,
		fn func(*domain.Submission) error) (int, error)
	// RollUpAnswers counts the answers of up to batch submissions not
	// counted yet (sqlstore.DB.RollUpAnswers).
	RollUpAnswers(ctx context.Context, batch int, facts func(answers []byte) ([]domain.AnswerFact, error)) (int, error)
	// LastSubmissionID is the form's newest submission id, 0 for none.
	LastSubmissionID(ctx context.Context, formID int64) (int64, error)
}

// Service serves results.summary and submissions.export.
type Service struct {
	// Ops is the operator's log, for background rounds that failed
	// (Run); nil: not logged.
	Ops *slog.Logger

	store Store
	// exportDir holds the XLSX files being built and served; see xlsx.go.
	exportDir string
	// pageBytes is about how many bytes an export page carries.
	pageBytes int

	mu    sync.Mutex
	cache map[int64]*catalogue // by form id, checked against its mark
	ahead map[string]*ahead    // CSV pages made ahead, by cursor
	jobs  *xlsxJobs
}

// New returns the service. exportDir is where XLSX exports are written
// (inside the daemon's data directory: they hold answers); files left
// there by an earlier run are removed.
func New(store Store, exportDir string) *Service {
	s := &Service{store: store, exportDir: exportDir, pageBytes: pageBytes, cache: map[int64]*catalogue{}, ahead: map[string]*ahead{}}
	s.jobs = newXLSXJobs(exportDir)
	return s
}

// Close stops the XLSX builds under way and removes their files.
func (s *Service) Close() { s.jobs.closeAll() }

// maxCachedForms bounds the catalogue cache: a catalogue is a few
// kilobytes, and rebuilding one costs a read of the form's versions.
const maxCachedForms = 256

// form checks that formID names a live form of the actor's site and
// returns its catalogue as of its newest version.
func (s *Service) form(ctx context.Context, formID int64) (*catalogue, error) {
	if formID <= 0 {
		return nil, domain.InvalidParams("form_id must be a positive integer")
	}
	mark, err := s.store.FormMark(ctx, domain.ActorFrom(ctx).Site(), formID)
	if err != nil {
		return nil, err
	}
	return s.catalogueAt(ctx, formID, mark)
}

// catalogueAt returns the form's catalogue as of version mark.
func (s *Service) catalogueAt(ctx context.Context, formID, mark int64) (*catalogue, error) {
	s.mu.Lock()
	c := s.cache[formID]
	s.mu.Unlock()
	if c != nil && c.mark == mark {
		return c, nil
	}
	versions, err := s.store.FormVersions(ctx, formID, mark)
	if err != nil {
		return nil, err
	}
	c = buildCatalogue(mark, versions)
	s.mu.Lock()
	defer s.mu.Unlock()
	if old := s.cache[formID]; old == nil || old.mark < mark {
		if len(s.cache) >= maxCachedForms {
			for id := range s.cache { // any one: the cache only saves work
				delete(s.cache, id)
				break
			}
		}
		s.cache[formID] = c
	}
	return c, nil
}

// fieldInfo is one answerable field across a form's versions, named as
// its newest version holding it names it.
type fieldInfo struct {
	ID, Type, Label string
	// Removed: the newest version no longer has the field.
	Removed bool
	latest  *document.Field
	// options maps an option value to its newest label.
	options map[string]string
	// jalali: some version asks the date in the Jalali calendar, so the
	// export adds a Gregorian column.
	jalali bool
}

// versionInfo is one version's fields, by id.
type versionInfo struct {
	seq    int64
	fields map[string]*document.Field
}

// catalogue is every answerable field a form ever had: the newest
// version's in its order, then removed ones, newest removal first.
type catalogue struct {
	mark     int64
	fields   []*fieldInfo
	versions map[int64]*versionInfo
}

func buildCatalogue(mark int64, versions []domain.Version) *catalogue {
	c := &catalogue{mark: mark, versions: make(map[int64]*versionInfo, len(versions))}
	seen := map[string]*fieldInfo{}
	for i := len(versions) - 1; i >= 0; i-- {
		v := &versions[i]
		vi := &versionInfo{seq: v.Seq, fields: map[string]*document.Field{}}
		c.versions[v.ID] = vi
		for _, raw := range v.State.Document.Fields {
			f, err := typedField(raw)
			if err != nil || f.ID == "" || !f.Answerable() {
				continue // a field no answer can name
			}
			vi.fields[f.ID] = f
			fi := seen[f.ID]
			if fi == nil {
				fi = &fieldInfo{ID: f.ID, Type: f.Type, Label: f.Label, Removed: i != len(versions)-1,
					latest: f, options: map[string]string{}}
				seen[f.ID] = fi
				c.fields = append(c.fields, fi)
			}
			for _, o := range f.Options {
				if _, ok := fi.options[o.Value]; !ok {
					fi.options[o.Value] = o.Label
				}
			}
			if f.Type == domain.FieldDate && f.CalendarName() == document.CalendarJalali {
				fi.jalali = true
			}
		}
	}
	return c
}

// typedField reads one stored field map as document.Field.
func typedField(raw map[string]any) (*document.Field, error) {
	b, err := json.Marshal(raw)
	if err != nil {
		return nil, err
	}
	var f document.Field
	if err := json.Unmarshal(b, &f); err != nil {
		return nil, err
	}
	return &f, nil
}
