package submissions

import (
	"context"
	"crypto/hmac"
	"crypto/sha256"
	"encoding/binary"
	"encoding/hex"
	"encoding/json"
	"errors"

	"log/slog"
	"math"
	"time"

	"github.com/arshline/arshline-sidecar/daemon/answers"
	"github.com/arshline/arshline-sidecar/daemon/document"
	"github.com/arshline/arshline-sidecar/daemon/domain"
	"github.com/arshline/arshline-sidecar/daemon/limit"
	"github.com/arshline/arshline-sidecar/daemon/messages"
	"github.com/arshline/arshline-sidecar/daemon/notify"
)

// SubmitParams is one respondent's submission, as the shim relays it.
type SubmitParams struct {
	Token     string          `json:"token"`
	Answers   json.RawMessage `json:"answers"`
	FormToken string          `json:"form_token"`
	Client    Client          `json:"client"`
	// IdempotencyKey makes a repeated send (a double click, a retry
	// after a lost reply) one submission.
	IdempotencyKey string `json:"idempotency_key,omitempty"`
	// Honeypot is the hidden field people never see and bots fill in.
	Honeypot string `json:"honeypot,omitempty"`
	// OTP holds, by field id, the code texted to the number answered to
	// each mobile question that verifies by code (submissions.otp.send).
	OTP map[string]string `json:"otp,omitempty"`
}

// Client is what the shim says of the respondent's client. IPHash is the
// address already hashed by WordPress; neither is stored as sent.
type Client struct {
	IPHash    string `json:"ip_hash"`
	UserAgent string `json:"user_agent,omitempty"`
}

// Receipt is what the respondent is told.
type Receipt struct {
	SubmissionID int64  `json:"submission_id"`
	TrackingCode string `json:"tracking_code"`
	ThankYou     string `json:"thank_you"`
	// DroppedFields names the answers not kept: questions the form's
	// newer version removed, sent from a page of the older one within
	// the grace.
	DroppedFields []string `json:"dropped_fields,omitempty"`
}

const (
	maxIdempotencyKey = 128
	maxClientField    = 512
	maxOTPFields      = 20
)

// Refusal reasons of the form as a whole (error.data.fields[].code with
// field ""), besides answers' own reasons.
const (
	ReasonFormToken  = "form_token_invalid"
	ReasonExpired    = "form_token_expired"
	ReasonUsed       = "form_token_used"
	ReasonSuperseded = "form_token_superseded"
	ReasonTooFast    = "too_fast"
	ReasonHoneypot   = "suspected_spam"
)

// refusal is INVALID_SUBMISSION about the whole form rather than a field.
func refusal(reason string, text domain.Text) *domain.Error {
	return domain.Errorf(domain.CodeInvalidSubmission, text.Key, text.Args...).With("fields", []answers.FieldError{
		answers.NewFieldError("", answers.Reason(reason), text)})
}

func (p *SubmitParams) check() error {
	bad := func(text domain.Text) error { return domain.InvalidParams(text.Key, text.Args...) }
	switch {
	case p.Token == "":
		return bad(domain.T("token is required: the form's public token"))
	case len(p.Answers) == 0:
		return bad(domain.T("answers is required: an object of field id → answer"))
	case p.Client.IPHash == "" || len(p.Client.IPHash) > maxClientField || len(p.Client.UserAgent) > maxClientField:
		return bad(domain.T("client.ip_hash is required, and client's members are at most %d bytes", maxClientField))
	case len(p.OTP) > maxOTPFields:
		return bad(domain.T("otp holds at most %d codes", maxOTPFields))
	case len(p.IdempotencyKey) > maxIdempotencyKey:
		return bad(domain.T("idempotency_key is at most %d bytes", maxIdempotencyKey))
	}
	return nil
}

// Submit serves submissions.submit. Nothing is stored unless every check
// passes; a repeated idempotency key with the same answers returns the
// first receipt, with other answers CONFLICT.
func (s *Service) Submit(ctx context.Context, p SubmitParams) (*Receipt, error) {
	if err := p.check(); err != nil {
		return nil, err
	}
	f, err := s.openForm(ctx, p.Token, 0)
	if err != nil {
		return nil, s.refuse(ctx, 0, "form_closed", err)
	}
	versionID, err := s.VerifyFormToken(p.FormToken, f.ID)
	if err != nil {
		reason := ReasonFormToken
		if fe := answers.FieldErrors(err); len(fe) > 0 {
			reason = string(fe[0].Code)
		}
		return nil, s.refuse(ctx, f.ID, reason, err)
	}
	tok, _ := s.tokens.open(p.FormToken, f.ID)
	if versionID != f.HeadVersionID {
		if err := s.withinGrace(ctx, f); err != nil {
			return nil, s.refuse(ctx, f.ID, ReasonSuperseded, err)
		}
	}
	switch {
	case s.cfg.MinFill > 0 && s.now().Sub(tok.issued) < s.cfg.MinFill:
		// The page's script waits this long and sends again by itself.
		secs := int(math.Ceil((s.cfg.MinFill - s.now().Sub(tok.issued)).Seconds()))
		return nil, s.refuse(ctx, f.ID, ReasonTooFast, refusal(ReasonTooFast,
			domain.T("the form was sent too quickly; wait %d seconds and send it again", secs)).With("retry_after_sec", secs))
	case p.Honeypot != "":
		return nil, s.refuse(ctx, f.ID, ReasonHoneypot, refusal(ReasonHoneypot,
			domain.T("the form could not be accepted; reload the page and try again")))
	}
	// The client's own limit first, counting every send it makes; the
	// form's budget only once the submission is judged acceptable, and
	// given back if it is not stored, so that one client's refused
	// sends never spend what the form keeps for everyone.
	client := clientHash(s.clientKey, p.Client.IPHash)
	if err := admit(s.perClient, clientKey(client)); err != nil {
		return nil, s.refuse(ctx, f.ID, "rate_limit", err)
	}
	doc, err := s.document(ctx, f.SiteID, f.ID, versionID)
	if err != nil {
		return nil, err
	}
	sent, err := answers.Decode(p.Answers, s.cfg.Answers)
	if err != nil {
		return nil, s.refuse(ctx, f.ID, string(domain.ErrorCode(err)), err)
	}
	res, err := answers.Validate(doc, sent, s.cfg.Answers)
	if err != nil {
		return nil, s.refuse(ctx, f.ID, string(domain.ErrorCode(err)), err)
	}
	var dropped []string
	if versionID != f.HeadVersionID {
		if res, dropped, err = s.dropRemoved(ctx, f, res); err != nil {
			return nil, err
		}
		if len(dropped) > 0 && s.events != nil {
			s.events.Event(ctx, slog.LevelWarn, "submit", "answers_dropped", slog.Int64("form_id", f.ID),
				slog.Int64("version_id", versionID), slog.Int64("head_version_id", f.HeadVersionID), slog.Any("fields", dropped))
		}
	}
	claims, err := s.uniqueClaims(ctx, f, doc, versionID, res)
	if err != nil {
		return nil, err
	}
	if err := s.describeFiles(ctx, f, res); err != nil {
		return nil, err
	}
	// Last of the checks on what was sent, so that a refusal for another
	// reason spends no try; a code taken goes back unless the submission
	// is stored.
	verified, restoreOTP, err := s.checkOTP(ctx, f, doc, res, p.OTP)
	if err != nil && len(answers.FieldErrors(err)) == 0 {
		return nil, err
	}
	if err != nil {
		// The first send of this idempotency key took the code: its
		// repeat (a lost reply, a double click) is that first receipt.
		if r, ferr := s.firstOTPReceipt(ctx, f, doc, res, p.IdempotencyKey); ferr != nil || r != nil {
			return r, ferr
		}
		fe := answers.FieldErrors(err)
		return nil, s.refuse(ctx, f.ID, string(fe[0].Code), err)
	}
	stored := false
	defer func() {
		if !stored {
			restoreOTP()
		}
	}()
	raw, sha, search, err := encodeAnswers(doc, res, verified)
	if err != nil {
		return nil, err
	}
	sub := &domain.Submission{SiteID: f.SiteID, FormID: f.ID, VersionID: versionID, ClientHash: client,
		IdempotencyKey: p.IdempotencyKey, AnswersSHA: sha, Answers: raw}
	if !s.cfg.TokenReuse {
		sub.FormTokenID = tok.id
	}
	files := uploadIDs(res)
	if err := admit(s.perForm, f.ID); err != nil {
		return nil, s.refuse(ctx, f.ID, "rate_limit", err)
	}
	notes, err := s.notifications(ctx, f)
	if err != nil {
		return nil, err
	}
	owesTexts := false
	err = s.store.UpdateSubmissions(ctx, func(tx domain.SubmissionTx) error {
		owesTexts = false
		return s.insert(tx, f, sub, search, files, claims, func(tx domain.SubmissionTx, sub *domain.Submission) error {
			if notes == nil {
				return nil
			}
			var err error
			owesTexts, err = notes(tx, sub)
			return err
		})
	})
	if err != nil {
		if s.perForm != nil {
			s.perForm.Undo(f.ID)
		}
		reason := string(domain.ErrorCode(err))
		if fe := answers.FieldErrors(err); len(fe) > 0 {
			reason = string(fe[0].Code)
		}
		return nil, s.refuse(ctx, f.ID, reason, err)
	}
	stored = true
	if s.NotifyWebhooks != nil && len(webhookURLs(f.Document)) > 0 {
		s.NotifyWebhooks()
	}
	if owesTexts && s.NotifySMS != nil {
		s.NotifySMS()
	}
	return &Receipt{SubmissionID: sub.ID, TrackingCode: sub.TrackingCode, ThankYou: thankYou(ctx, f.Document), DroppedFields: dropped}, nil
}

// firstOTPReceipt is the receipt of the submission stored earlier with
// key and these answers, every mobile question verified (the only way it
// was stored); nil when there is none.
func (s *Service) firstOTPReceipt(ctx context.Context, f *domain.Form, doc *document.Document, res answers.Result, key string) (*Receipt, error) {
	if key == "" {
		return nil, nil
	}
	verified := map[string]bool{}
	for i := range doc.Fields {
		if _, ok := res.Get(doc.Fields[i].ID); ok && doc.Fields[i].VerifiesOTP() {
			verified[doc.Fields[i].ID] = true
		}
	}
	_, sha, _, err := encodeAnswers(doc, res, verified)
	if err != nil {
		return nil, err
	}
	var first *domain.Submission
	err = s.store.UpdateSubmissions(ctx, func(tx domain.SubmissionTx) error {
		var err error
		first, err = tx.SubmissionByIdempotencyKey(f.ID, key)
		return err
	})
	if err != nil || first == nil || first.AnswersSHA != sha {
		return nil, err
	}
	return &Receipt{SubmissionID: first.ID, TrackingCode: first.TrackingCode, ThankYou: thankYou(ctx, f.Document)}, nil
}

// VerifyUploadToken checks a form token for an upload to form f: its
// signature and age, and, when it is of an older version than f's
// current one, the grace after that one was made.
func (s *Service) VerifyUploadToken(ctx context.Context, token string, f *domain.Form) (int64, error) {
	versionID, err := s.VerifyFormToken(token, f.ID)
	if err != nil || versionID == f.HeadVersionID {
		return versionID, err
	}
	return versionID, s.withinGrace(ctx, f)
}

// VerifyFormToken checks a form token for formID and returns the version
// it names: for uploads, which come before the submission. It checks the
// signature and the token's age, not the minimum fill time (a respondent
// may pick a file at once).
func (s *Service) VerifyFormToken(token string, formID int64) (int64, error) {
	tok, ok := s.tokens.open(token, formID)
	switch {
	case !ok:
		return 0, refusal(ReasonFormToken,
			domain.T("this form page is not valid for this form; reload the page and send your answers again"))
	case s.now().Sub(tok.issued) > s.cfg.TokenTTL:
		return 0, refusal(ReasonExpired,
			domain.T("this form page was opened too long ago; reload the page and send your answers again"))
	}
	return tok.versionID, nil
}

// withinGrace refuses a token of an older version of f once the grace
// after f's head version was made has passed: a page loaded before the
// form changed may still be sent for a while, not for the token's life.
func (s *Service) withinGrace(ctx context.Context, f *domain.Form) error {
	head, err := s.store.GetVersion(ctx, f.SiteID, f.ID, f.HeadVersionID)
	if err != nil {
		return err
	}
	if s.now().Sub(head.CreatedAt) <= s.cfg.TokenGrace {
		return nil
	}
	return refusal(ReasonSuperseded,
		domain.T("this form has changed since the page was opened; load it again and send your answers"))
}

// dropRemoved takes out of res the answers to questions f's head version
// no longer has, and names them: they are not stored, counted or
// claimed.
func (s *Service) dropRemoved(ctx context.Context, f *domain.Form, res answers.Result) (answers.Result, []string, error) {
	head, err := s.document(ctx, f.SiteID, f.ID, f.HeadVersionID)
	if err != nil {
		return res, nil, err
	}
	has := make(map[string]bool, len(head.Fields))
	for _, fd := range head.Fields {
		has[fd.ID] = true
	}
	kept := res.Answers[:0:0]
	var dropped []string
	for _, a := range res.Answers {
		if !has[a.Field] {
			dropped = append(dropped, a.Field)
			continue
		}
		kept = append(kept, a)
	}
	res.Answers = kept
	return res, dropped, nil
}

// insert stores sub unless the form stopped taking answers since it was
// read (as f), is full, the idempotency key was used already (then sub
// becomes the first submission, or CONFLICT when the answers differ), or
// another kept entry holds the value of one of its unique answers
// (claims; already_used). A submission stored owes its webhooks and,
// through owe, its notifications, in the same transaction.
// The writer is shared by every caller, so it reads the form's whole
// document again only when the form changed since f was read.
func (s *Service) insert(tx domain.SubmissionTx, f *domain.Form, sub *domain.Submission, search string, uploads map[string][]string, claims []domain.UniqueClaim,
	owe func(tx domain.SubmissionTx, sub *domain.Submission) error) error {
	status, head, live, err := tx.FormHeadNow(sub.FormID)
	if err != nil {
		return err
	}
	if head != f.HeadVersionID && live {
		if f, err = tx.GetForm(sub.SiteID, sub.FormID); err != nil {
			return err
		}
		status = f.Status
	}
	if !live || status != domain.StatusPublished || !s.accepting(f) {
		return formClosed()
	}
	if sub.IdempotencyKey != "" {
		first, err := tx.SubmissionByIdempotencyKey(sub.FormID, sub.IdempotencyKey)
		if err != nil {
			return err
		}
		if first != nil {
			if first.AnswersSHA != sub.AnswersSHA {
				return domain.Errorf(domain.CodeConflict, "this idempotency key was used for other answers; send new answers with a new key")
			}
			*sub = *first
			return nil
		}
	}
	if sub.FormTokenID != "" {
		used, err := tx.FormTokenUsed(sub.FormID, sub.FormTokenID)
		if err != nil {
			return err
		}
		if used {
			return refusal(ReasonUsed,
				domain.T("this form page was sent already; load the form again to send other answers"))
		}
	}
	if max, ok := maxSubmissions(f.Document); ok {
		n, err := tx.CountSubmissions(sub.FormID)
		if err != nil {
			return err
		}
		if n >= max {
			return formClosed()
		}
	}
	if err := tx.InsertSubmission(sub, search); err != nil {
		return err
	}
	// After the idempotency key (a resend is its first receipt, not a
	// value used) and inside the transaction: of concurrent sends of one
	// value, the first to reach the writer keeps it.
	if len(claims) > 0 {
		taken, err := tx.ClaimUniqueAnswers(sub, claims)
		if err != nil {
			return err
		}
		if len(taken) > 0 {
			return answers.AlreadyUsed(taken)
		}
	}
	// Files answered are uploads received for this form and field; each
	// becomes this submission's, or nothing is stored.
	for field, ids := range uploads {
		if _, err := tx.ClaimUploads(sub.SiteID, sub.FormID, sub.ID, field, ids); errors.Is(err, domain.ErrUploadNotPending) {
			return invalidUpload(field)
		} else if err != nil {
			return err
		}
	}
	if err := enqueueWebhooks(tx, f.Document, sub); err != nil {
		return err
	}
	return owe(tx, sub)
}

// notifications returns what owes the notifications of form f's head
// document to a submission inside its transaction (reporting whether any
// is a text), nil when the form has none.
func (s *Service) notifications(ctx context.Context, f *domain.Form) (func(tx domain.SubmissionTx, sub *domain.Submission) (bool, error), error) {
	list, _ := f.Document.Settings["notifications"].([]any)
	mails, _ := f.Document.Settings["notify_emails"].([]any)
	if len(list) == 0 && len(mails) == 0 {
		return nil, nil
	}
	doc, err := s.document(ctx, f.SiteID, f.ID, f.HeadVersionID)
	if err != nil {
		return nil, err
	}
	persian := domain.IsPersian(domain.ActorFrom(ctx).Locale)
	return func(tx domain.SubmissionTx, sub *domain.Submission) (bool, error) {
		value, answer := notify.Answers(doc, sub)
		entries := notify.Build(notify.Message{Doc: doc, Title: f.Title, Persian: persian, Value: value, Answer: answer, Time: sub.CreatedAt})
		texts := false
		for _, e := range entries {
			e.SiteID, e.FormID, e.SubmissionID = sub.SiteID, sub.FormID, sub.ID
			texts = texts || e.Channel == domain.ChannelSMS
		}
		if len(entries) == 0 {
			return false, nil
		}
		return texts, tx.EnqueueNotifications(s.NotifyLimits, entries...)
	}, nil
}

// webhookPayload is the body every webhook of a form receives for a new
// submission (docs/API.md, Webhooks).
type webhookPayload struct {
	Event        string          `json:"event"`
	SiteID       int64           `json:"site_id"`
	FormID       int64           `json:"form_id"`
	SubmissionID int64           `json:"submission_id"`
	VersionID    int64           `json:"version_id"`
	TrackingCode string          `json:"tracking_code"`
	CreatedAt    time.Time       `json:"created_at"`
	Answers      json.RawMessage `json:"answers"`
}

// enqueueWebhooks owes each of the form's webhooks a delivery of sub, in
// sub's own transaction: a submission acknowledged is a delivery owed.
func enqueueWebhooks(tx domain.SubmissionTx, d domain.Document, sub *domain.Submission) error {
	urls := webhookURLs(d)
	if len(urls) == 0 {
		return nil
	}
	body, err := json.Marshal(webhookPayload{Event: "submission.created", SiteID: sub.SiteID, FormID: sub.FormID,
		SubmissionID: sub.ID, VersionID: sub.VersionID, TrackingCode: sub.TrackingCode, CreatedAt: sub.CreatedAt, Answers: sub.Answers})
	if err != nil {
		return err
	}
	entries := make([]*domain.OutboxEntry, len(urls))
	for i, u := range urls {
		entries[i] = &domain.OutboxEntry{SiteID: sub.SiteID, FormID: sub.FormID, SubmissionID: sub.ID, URL: u, Payload: body}
	}
	return tx.EnqueueWebhooks(entries...)
}

// webhookURLs reads settings.webhooks[].url.
func webhookURLs(d domain.Document) []string {
	list, _ := d.Settings["webhooks"].([]any)
	var out []string
	for _, w := range list {
		if m, ok := w.(map[string]any); ok {
			if u, _ := m["url"].(string); u != "" {
				out = append(out, u)
			}
		}
	}
	return out
}

// describeFiles adds to each file answer what the daemon knows of the
// file (its name, size and type), read from the pending uploads it
// names: the admin's views, exports and webhooks show them without
// another lookup. An id that names no pending upload of the form is left
// bare; claiming it refuses the submission.
func (s *Service) describeFiles(ctx context.Context, f *domain.Form, res answers.Result) error {
	var ids []string
	for _, a := range res.Answers {
		if list, ok := a.Value.([]answers.Upload); ok {
			for _, u := range list {
				ids = append(ids, u.UploadID)
			}
		}
	}
	if len(ids) == 0 {
		return nil
	}
	known, err := s.store.PendingUploads(ctx, f.SiteID, f.ID, ids)
	if err != nil {
		return err
	}
	for _, a := range res.Answers {
		if list, ok := a.Value.([]answers.Upload); ok {
			for i, u := range list {
				if k, ok := known[u.UploadID]; ok && k.FieldID == a.Field {
					list[i].Name, list[i].Size, list[i].MIME = k.OriginalName, k.Size, k.MIME
				}
			}
		}
	}
	return nil
}

// uploadIDs lists the upload ids of each file answer.
func uploadIDs(res answers.Result) map[string][]string {
	var out map[string][]string
	for _, a := range res.Answers {
		list, ok := a.Value.([]answers.Upload)
		if !ok || len(list) == 0 {
			continue
		}
		if out == nil {
			out = map[string][]string{}
		}
		for _, u := range list {
			out[a.Field] = append(out[a.Field], u.UploadID)
		}
	}
	return out
}

// admit counts one call of key against lim (nil: no limit).
func admit(lim *limit.Limiter, key int64) error {
	if lim == nil {
		return nil
	}
	if ok, wait := lim.Allow(key); !ok {
		secs := int((wait + time.Second - 1) / time.Second)
		return domain.Errorf(domain.CodeRateLimit, "too many submissions; try again in %d seconds", secs).With("retry_after_sec", secs)
	}
	return nil
}

// thankYou is the form's thank-you text, or a default one in the
// respondent's language.
func thankYou(ctx context.Context, d domain.Document) string {
	if t, _ := d.Settings["thank_you"].(string); t != "" {
		return t
	}
	return messages.Render(domain.ActorFrom(ctx).Locale, domain.T("Your answers were received. Thank you!"))
}

// uniqueClaims hashes the answers to the form's unique questions: those
// marked unique in the version the respondent answered or in the form's
// current one, so that turning unique on holds at once, pages loaded
// before it included. The hash is keyed with the database's own key and
// names the form and field, so the stored hashes say nothing outside this
// database and nothing across forms.
func (s *Service) uniqueClaims(ctx context.Context, f *domain.Form, doc *document.Document, versionID int64, res answers.Result) ([]domain.UniqueClaim, error) {
	unique := map[string]bool{}
	for i := range doc.Fields {
		unique[doc.Fields[i].ID] = doc.Fields[i].IsUnique()
	}
	if versionID != f.HeadVersionID {
		head, err := s.document(ctx, f.SiteID, f.ID, f.HeadVersionID)
		if err != nil {
			return nil, err
		}
		for i := range head.Fields {
			unique[head.Fields[i].ID] = unique[head.Fields[i].ID] || head.Fields[i].IsUnique()
		}
	}
	var claims []domain.UniqueClaim
	for i := range doc.Fields {
		fd := doc.Fields[i]
		if !unique[fd.ID] {
			continue
		}
		a, ok := res.Get(fd.ID)
		if !ok {
			continue
		}
		on := true
		fd.Unique = &on
		key, ok := answers.UniqueValue(&fd, a.Value)
		if !ok {
			continue
		}
		claims = append(claims, domain.UniqueClaim{Field: fd.ID, Hash: uniqueHash(s.uniqueKey, f.ID, fd.ID, key)})
	}
	return claims, nil
}

// uniqueHash is HMAC-SHA-256 of the form, the field and the value, 128
// bits of it in hex.
func uniqueHash(key []byte, formID int64, field, value string) string {
	h := hmac.New(sha256.New, key)
	var id [8]byte
	binary.BigEndian.PutUint64(id[:], uint64(formID))
	h.Write(id[:])
	h.Write([]byte(field))
	h.Write([]byte{0})
	h.Write([]byte(value))
	return hex.EncodeToString(h.Sum(nil)[:16])
}

// invalidUpload refuses an answer naming a file that is not a pending
// upload of its question, shaped as daemon/answers' INVALID_SUBMISSION.
func invalidUpload(field string) *domain.Error {
	text := domain.T("An uploaded file was not recognised; upload it again")
	return domain.Errorf(domain.CodeInvalidSubmission, "One answer needs fixing; see the question").With("fields", []map[string]string{{
		"field":      field,
		"code":       "invalid_upload",
		"message_fa": messages.Render(domain.LocaleFA, text),
		"message_en": text.String(),
	}})
}
