package daemon

import (
	"context"
	"fmt"
	"log/slog"
	"os"
	"path/filepath"
	"time"

	"github.com/arshline/arshline-sidecar/daemon/commands"
	"github.com/arshline/arshline-sidecar/daemon/contract"
	"github.com/arshline/arshline-sidecar/daemon/contract/registry"
	"github.com/arshline/arshline-sidecar/daemon/domain"
	"github.com/arshline/arshline-sidecar/daemon/executor"
	"github.com/arshline/arshline-sidecar/daemon/forms"
	"github.com/arshline/arshline-sidecar/daemon/hosha2"
	"github.com/arshline/arshline-sidecar/daemon/limit"
	"github.com/arshline/arshline-sidecar/daemon/llm"
	"github.com/arshline/arshline-sidecar/daemon/logx"
	"github.com/arshline/arshline-sidecar/daemon/messages"
	"github.com/arshline/arshline-sidecar/daemon/models"
	"github.com/arshline/arshline-sidecar/daemon/notify"
	"github.com/arshline/arshline-sidecar/daemon/persian"
	"github.com/arshline/arshline-sidecar/daemon/results"
	"github.com/arshline/arshline-sidecar/daemon/sms"
	"github.com/arshline/arshline-sidecar/daemon/submissions"
	"github.com/arshline/arshline-sidecar/daemon/uploads"
	"github.com/arshline/arshline-sidecar/daemon/webhooks"
	"github.com/arshline/arshline-sidecar/rpc"
	"github.com/arshline/arshline-sidecar/sqlstore"
)

// app holds the services one daemon serves.
type app struct {
	cfg     *Config
	store   *sqlstore.DB
	events  *logx.Logger
	ops     *slog.Logger
	started time.Time
	server  *rpc.Server

	forms     *forms.Service
	executor  *executor.Executor
	planner   *commands.Service
	contracts *contract.Service
	hosha2    *hosha2.Service
	// models is the model every feature asks; model.configure switches
	// it.
	models  *models.Service
	results *results.Service
	submits *submissions.Service
	uploads *uploads.Service
	// webhooks delivers the outbox; the submission path calls its Notify
	// after a commit that enqueued deliveries.
	webhooks *webhooks.Worker
	// webhookSecrets serves each site's signing key to its administrators.
	webhookSecrets *webhooks.Secrets
	webhookTests   *webhooks.Tester
	// sms keeps the site's SMS provider and sends through it.
	sms *sms.Service
	// notifyWorker texts the notifications owed; notify serves their log
	// and hands mails to the plugin.
	notifyWorker *notify.Worker
	notify       *notify.Service

	// db is the latest database probe: system.health reports it instead
	// of querying, so health checks never add load to the database.
	db *dbWatch
	// stopBackground ends the background loops (each service's Run and
	// the database probe's).
	stopBackground context.CancelFunc
	// socket is the address the daemon serves on, for system.status.
	socket string
}

func newApp(cfg *Config, store *sqlstore.DB, events *logx.Logger, ops *slog.Logger, started time.Time) (*app, error) {
	a := &app{cfg: cfg, store: store, events: events, ops: ops, started: started}
	a.sms = sms.NewService(store, cfg.SMSAllowHTTPHosts)
	a.forms = &forms.Service{Store: store, SMS: a.sms, AuditRetention: cfg.AuditRetention, Purger: store, Ops: ops}
	// XLSX exports are built beside the database: they hold answers.
	a.results = results.New(store, filepath.Join(cfg.StateDir, "exports"))
	a.results.Ops = ops
	// The background loops run until close; each is its service's Run.
	var background context.Context
	background, a.stopBackground = context.WithCancel(context.Background())
	a.db = newDBWatch(store, minFreeBytes, time.Second, probeWriteEvery)
	a.db.First(background)
	go a.db.Run(background)
	go a.results.Run(background)
	go a.forms.Run(background)
	a.webhooks = webhooks.New(webhooks.Config{Store: store, Events: events, AllowLoopback: cfg.WebhooksAllowLoopbackHTTP,
		BodyRetention: keepWhenZero(cfg.WebhookBodyRetention)})
	go a.webhooks.Run(background)
	a.webhookSecrets = &webhooks.Secrets{Store: store}
	a.webhookTests = &webhooks.Tester{Store: store, Notify: a.webhooks.Notify}
	a.notifyWorker = notify.NewWorker(notify.WorkerConfig{Store: store, SMS: a.sms, Events: events, RetryBase: cfg.NotifyRetryBase,
		Timeout: cfg.NotifyTimeout, Retention: keepWhenZero(cfg.NotifyRetention)})
	go a.notifyWorker.Run(background)
	notifyLimits := domain.NotificationLimits{PerFormPerHour: cfg.NotifyPerFormPerHour, PerReceiverPerHour: cfg.NotifyPerReceiverPerHour}
	a.notify = &notify.Service{Store: store, Credits: a.sms, Wake: a.notifyWorker.Notify, Limits: notifyLimits, RetryBase: cfg.NotifyRetryBase,
		EmailLease: cfg.NotifyEmailLease}
	a.executor = &executor.Executor{Store: store}
	var err error
	if a.submits, err = submissions.New(background, store, submitConfig(cfg, store), events, nil); err != nil {
		a.close()
		return nil, fmt.Errorf("submissions: %w", err)
	}
	a.contracts = &contract.Service{Registry: registry.Default()}
	a.planner = &commands.Service{
		Internal: persian.New(persian.Config{MaxFields: cfg.PlannerMaxFields, MaxSteps: cfg.PlanMaxSteps}),
		Forms:    store,
		Executor: a.executor,
		Events:   events,
		MaxSteps: cfg.PlanMaxSteps,
		CacheTTL: cfg.PlanCacheTTL,
		ModelID:  cfg.OpenAIModel,
	}
	// One limiter: model calls from ai.plan and Hosha2 share a user's budget.
	limiter := limit.New(cfg.RatePerMinute, nil)
	if store.SharesWindows() {
		// Several hosts on one MariaDB/MySQL store: one budget per user
		// whichever host the calls reach.
		limiter.Share(store, "model_calls")
	}
	a.planner.Limiter = limiter
	h2 := hosha2.Config{Store: store, Jobs: store, ModelID: cfg.OpenAIModel, Limiter: limiter, Events: events, ModelTimeout: cfg.OpenAITimeout, MaxRunningJobs: cfg.Hosha2MaxRunning,
		JobRetention: cfg.JobRetention, Purger: store, Ops: ops}
	a.models, err = models.New(background, models.Base{BaseURL: cfg.OpenAIBaseURL, Model: cfg.OpenAIModel, APIKey: cfg.OpenAIKey,
		AllowHTTPHosts: cfg.OpenAIAllowHTTPHosts, CAFile: cfg.OpenAICAFile, Timeout: cfg.OpenAITimeout,
		MaxTokens: cfg.OpenAIMaxTokens, PlanMaxTokens: cfg.OpenAIPlanMaxTokens, Probe: cfg.OpenAIProbe}, store, events, ops)
	if err != nil {
		a.close()
		return nil, err
	}
	a.planner.Model, h2.Model = a.models, a.models
	if store.SharesWindows() {
		// Several hosts: a cancel or a progress call may reach another
		// host than the job.
		h2.Cancels, h2.PersistPhases, h2.Cap = store, true, store
	}
	a.hosha2 = hosha2.New(h2)
	go a.hosha2.Run(background)
	files, err := uploads.OpenStore(cfg.UploadDir)
	if err != nil {
		a.close()
		return nil, fmt.Errorf("--upload-dir: %w", err)
	}
	var uploadShared uploads.SharedLimits
	if store.SharesWindows() {
		// Several hosts: a client's starts, chunks and bytes are
		// counted once whichever host its chunks reach.
		uploadShared = store
	}
	// Uploads need the same proof of a loaded form as submissions.
	a.uploads = uploads.New(uploads.Config{Records: store, Files: files, VerifyFormToken: a.submits.VerifyUploadToken,
		MaxFileBytes: cfg.UploadMaxBytes, MaxPendingBytes: cfg.UploadPendingBytes,
		StartsPerMinute: cfg.UploadStartsPerMinute, ChunksPerMinute: cfg.UploadChunksPerMinute,
		MaxTransfers: cfg.UploadMaxInProgress, MaxTransfersPerClient: cfg.UploadMaxInProgressPerClient,
		IdleTimeout: cfg.UploadIdleTimeout, MinBytesPerSecond: offWhenZero(cfg.UploadMinBytesPerSecond),
		FormQuotaBytes: offWhenZero(cfg.UploadFormQuotaBytes), SiteQuotaBytes: offWhenZero(cfg.UploadSiteQuotaBytes),
		ClientBytesPerHour: offWhenZero(cfg.UploadClientBytesPerHour),
		MinFreeBytes:       offWhenZero(cfg.UploadMinFreeBytes), MinFreePercent: int(offWhenZero(int64(cfg.UploadMinFreePercent))),
		SharedLimits: uploadShared, Host: uploadHost(cfg, store)})
	a.submits.RemoveFiles = files.Remove
	a.submits.SMS = a.sms
	a.submits.NotifyWebhooks = a.webhooks.Notify
	a.submits.NotifyLimits = notifyLimits
	a.submits.NotifySMS = a.notifyWorker.Notify
	a.submits.Deliveries = a.notify.Deliveries
	go a.uploads.Run(background)
	go a.submits.RunOTPRetention(background)
	return a, nil
}

// submitConfig turns the flags' "0 is off" into the service's "negative
// is off" (its zero values are the defaults).
func submitConfig(cfg *Config, store *sqlstore.DB) submissions.Config {
	off := func(n int) int {
		if n == 0 {
			return -1
		}
		return n
	}
	minFill := cfg.SubmitMinFill
	if minFill == 0 {
		minFill = -1
	}
	return submissions.Config{MinFill: minFill, TokenTTL: cfg.FormTokenTTL, TokenGrace: keepWhenZero(cfg.FormTokenGrace), TokenReuse: cfg.FormTokenReuse,
		PerClientPerMinute: off(cfg.SubmitPerClientPerMinute), PerFormPerMinute: off(cfg.SubmitPerFormPerMinute),
		OTPTTL: cfg.OTPTTL, OTPTries: cfg.OTPTries, OTPResendAfter: cfg.OTPResendAfter,
		OTPPerMobilePerHour: off(cfg.OTPPerMobilePerHour), OTPPerClientPerHour: off(cfg.OTPPerClientPerHour),
		OTPPerFormPerHour: off(cfg.OTPPerFormPerHour), OTPPerSitePerDay: off(cfg.OTPPerSitePerDay),
		SharedLimits: sharedLimits(store)}
}

// uploadHost is the name an upload in progress reports, so that a load
// balancer routes its next chunks here: --node-name, else the host
// name, on a store several hosts share; none on one host, whose name
// visitors need not learn.
func uploadHost(cfg *Config, store *sqlstore.DB) string {
	if store == nil || !store.SharesWindows() {
		return ""
	}
	if cfg.NodeName != "" {
		return cfg.NodeName
	}
	name, _ := os.Hostname()
	return name
}

// sharedLimits is the store when it keeps windows every host shares.
func sharedLimits(store *sqlstore.DB) limit.Shared {
	if store == nil || !store.SharesWindows() {
		return nil
	}
	return store
}

func (a *app) close() {
	if a.results != nil {
		a.results.Close()
	}
	if a.stopBackground != nil {
		a.stopBackground()
	}
	if a.webhooks != nil {
		a.webhooks.Close()
	}
	if a.notifyWorker != nil {
		a.notifyWorker.Close()
	}
}

func (a *app) shutdownJobs(ctx context.Context) {
	if a.hosha2 != nil {
		a.hosha2.Shutdown(ctx)
	}
}

// healthMethod is the probe monitors call; the event log keeps its
// successful calls at DEBUG.
const healthMethod = "system.health"

// logCall writes the one event-log line every call gets.
func (a *app) logCall(ci rpc.CallInfo) {
	level := slog.LevelInfo
	if ci.Method == healthMethod {
		// A probe: monitors call it every few seconds, and at INFO its
		// lines would push the calls that changed something out of the
		// 5 × 5 MB the rotation keeps. A failed probe still says WARN.
		level = slog.LevelDebug
	}
	outcome := "ok"
	if ci.ErrorCode != "" {
		outcome = ci.ErrorCode
		level = slog.LevelWarn
		if ci.ErrorCode == string(domain.CodeInternal) {
			level = slog.LevelError
		}
	}
	a.events.Call(level, logx.RPCCall{Method: ci.Method, ReqID: ci.ReqID, User: ci.UserID,
		Latency: ci.Latency, Outcome: outcome, ErrorCode: ci.ErrorCode})
}

// Health is system.health's result.
type Health struct {
	OK            bool    `json:"ok"`
	Version       string  `json:"version"`
	Protocol      int     `json:"protocol"`
	UptimeS       float64 `json:"uptime_s"`
	DBOK          bool    `json:"db_ok"`
	LLMConfigured bool    `json:"llm_configured"`
	// Model is what the daemon learned of the model server; absent
	// without a model.
	Model *llm.Status `json:"model,omitempty"`
}

func (a *app) health(ctx context.Context, _ struct{}) (any, error) {
	ok := a.db.OK()
	h := Health{
		OK: ok, Version: Version, Protocol: Protocol, UptimeS: time.Since(a.started).Seconds(),
		DBOK: ok, LLMConfigured: a.models.Available(), Model: a.models.Status(),
	}
	return h, nil
}

// methods is the daemon's whole RPC surface, and only wiring: each row
// names a method, whether it may run inline (it computes or reads in
// bounded time, see rpc.Method), the capability it needs, and the service
// method that serves it. Parameters are decoded strictly into the service
// method's own params type and checked by the service; nothing else
// happens here.
func (a *app) methods() []rpc.Method {
	manage, options := domain.CapManageForms, domain.CapManageOptions
	return []rpc.Method{
		{Name: healthMethod, Inline: true, Handler: handle(a.health)},
		{Name: "system.status", Capability: options, Handler: handle(a.status)},
		{Name: "system.capabilities", Inline: true, Handler: handle(a.hosha2.Capabilities)},
		{Name: "hosha2.generate", Capability: manage, Handler: handle(a.hosha2.Generate)},
		{Name: "hosha2.edit", Capability: manage, Handler: handle(a.hosha2.Edit)},
		{Name: "hosha2.progress", Inline: true, Capability: manage, Handler: handle(a.hosha2.Progress)},
		{Name: "hosha2.cancel", Capability: manage, Handler: handle(a.hosha2.Cancel)},
		{Name: "contracts.list", Inline: true, Handler: handle(a.contracts.List)},
		{Name: "contracts.schema", Inline: true, Handler: handle(a.contracts.Schema)},
		{Name: "plan.validate", Inline: true, Handler: handle(a.contracts.Validate)},
		// ai.plan may ask a model (one can be configured at any time), so
		// it never runs on the connection's reader.
		{Name: "ai.plan", Capability: manage, Handler: handle(a.planner.Plan)},
		{Name: "ai.execute", Capability: manage, Handler: handle(a.planner.Execute)},
		{Name: "ai.undo", Capability: manage, Handler: handle(a.planner.Undo)},
		{Name: "forms.schema", Inline: true, Handler: handle(a.forms.Schema)},
		{Name: "forms.list", Inline: true, Capability: manage, Handler: handle(a.forms.List)},
		{Name: "forms.get", Inline: true, Capability: manage, Handler: handle(a.forms.Get)},
		{Name: "forms.create", Capability: manage, Handler: handle(a.forms.Create)},
		{Name: "forms.update", Capability: manage, Handler: handle(a.forms.Update)},
		{Name: "forms.set_status", Capability: manage, Handler: handle(a.forms.SetStatus)},
		{Name: "versions.list", Inline: true, Capability: manage, Handler: handle(a.forms.ListVersions)},
		{Name: "versions.get", Inline: true, Capability: manage, Handler: handle(a.forms.GetVersion)},
		{Name: "versions.rollback", Capability: manage, Handler: handle(a.forms.Rollback)},
		{Name: "versions.apply_diff", Capability: manage, Handler: handle(a.forms.ApplyDiff)},
		{Name: "audit.list", Inline: true, Capability: options, Handler: handle(a.forms.ListAudit)},
		// The model server, set from WordPress's settings page.
		{Name: "model.get", Inline: true, Capability: options, Handler: handle(a.models.Get)},
		{Name: "model.probe", Capability: options, Handler: handle(a.modelProbe)},
		{Name: "model.configure", Capability: options, Handler: handle(a.models.Configure)},
		// The site's SMS provider, set from WordPress's settings page.
		// sms.settings.get may ask the provider for the balance and
		// sms.test waits for it, so neither is inline.
		{Name: "sms.settings.get", Capability: options, Handler: handle(a.smsSettings)},
		{Name: "sms.settings.set", Capability: options, Handler: handle(a.sms.Set)},
		{Name: "sms.test", Capability: options, Handler: handle(a.sms.Test)},
		{Name: "sms.credit", Capability: options, Handler: handle(a.notify.Credit)},
		// Notifications: the plugin takes the mails owed and reports each
		// outcome; the admin retries a failed delivery or sends a test.
		{Name: "notifications.email.claim", Capability: manage, Handler: handle(a.notify.Claim)},
		{Name: "notifications.email.report", Capability: manage, Handler: handle(a.notify.Report)},
		{Name: "submissions.deliveries.retry", Capability: manage, Handler: handle(a.notify.Retry)},
		// Waits for the provider's answer to a test text: not inline.
		{Name: "forms.notifications.test", Capability: manage, Handler: handle(a.notify.Test)},
		// Respondents: anonymous callers (the shim's actor has user_id 0
		// and no capability); the form's site comes from the actor.
		{Name: "forms.public", Inline: true, Handler: handle(a.submits.Public)},
		{Name: "submissions.submit", Handler: handle(a.submits.Submit)},
		// Texts a code to a respondent's mobile number: waits for the
		// provider, so not inline.
		{Name: "submissions.otp.send", Handler: handle(a.submits.SendOTP)},
		{Name: "submissions.list", Inline: true, Capability: manage, Handler: handle(a.submits.List)},
		{Name: "submissions.get", Inline: true, Capability: manage, Handler: handle(a.submits.Get)},
		{Name: "submissions.set_status", Capability: manage, Handler: handle(a.submits.SetStatus)},
		{Name: "submissions.delete", Capability: manage, Handler: handle(a.submits.Delete)},
		{Name: "submissions.upload", Handler: handle(a.uploads.Upload)},
		{Name: "submissions.file", Capability: manage, Handler: handle(a.uploads.File)},
		{Name: "webhooks.secret", Capability: options, Handler: handle(a.webhookSecrets.Secret)},
		// Queues one signed test delivery per webhook of a form.
		{Name: "webhooks.test", Capability: manage, Handler: handle(a.webhookTests.Test)},
		// The summary adds up per-day counts: bounded, inline. An export
		// page may wait for an XLSX file being built, so it is not.
		{Name: "results.summary", Inline: true, Capability: manage, Handler: handle(a.results.Summary)},
		{Name: "submissions.export", Capability: manage, Handler: handle(a.results.Export)},
	}
}

// offWhenZero turns a flag's 0 ("none") into the negative value the
// services take for "off"; their 0 is their default.
func offWhenZero(v int64) int64 {
	if v == 0 {
		return -1
	}
	return v
}

// keepWhenZero turns a retention flag's 0 ("keep") into the negative
// retention the services take for "keep"; their 0 is their default.
func keepWhenZero(d time.Duration) time.Duration {
	if d == 0 {
		return -1
	}
	return d
}

// handle serves a service method: rpc.Typed decodes the params strictly
// into P, and the result goes out as the method returns it.
func handle[P, R any](fn func(context.Context, P) (R, error)) rpc.Handler {
	return rpc.Typed(func(ctx context.Context, p P) (any, error) { return fn(ctx, p) })
}

// modelProbe serves model.probe, its failure in error.data's shape.
func (a *app) modelProbe(ctx context.Context, p models.Params) (*models.ProbeResult, error) {
	res, err := a.models.Probe(ctx, p)
	if res != nil && res.Failure != nil {
		res.Error = rpc.ErrorData(res.Failure, messages.Localize)
	}
	return res, err
}

// smsSettings serves sms.settings.get, a failed balance in error.data's
// shape.
func (a *app) smsSettings(ctx context.Context, p sms.GetParams) (sms.Info, error) {
	in, err := a.sms.Get(ctx, p)
	if in.BalanceFailure != nil {
		in.BalanceError = rpc.ErrorData(in.BalanceFailure, messages.Localize)
	}
	return in, err
}
