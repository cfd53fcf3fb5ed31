package hosha2

import (
	"context"
	"testing"
	"time"

	"github.com/arshline/arshline-sidecar/daemon/domain"
	"github.com/arshline/arshline-sidecar/daemon/llm"
	"github.com/arshline/arshline-sidecar/daemon/llm/llmtest"
)

func ctxActor(user int64, id string) context.Context {
	ctx := domain.WithActor(context.Background(), domain.Actor{UserID: user, Caps: []string{domain.CapManageForms}, Locale: "fa_IR"})
	return domain.WithRequestID(ctx, id)
}

// TestSameRequestIDAfterRestartNeverTakesAnotherUsersJob: the job id is
// the caller's req_id; after a restart the in-memory table is empty, and
// another user's generate with the same req_id must be refused, not
// written over the first user's row.
func TestSameRequestIDAfterRestartNeverTakesAnotherUsersJob(t *testing.T) {
	e := setup(t, nil, llmtest.Reply{Content: answer(goodFields, nil)})
	out, err := e.svc.Generate(ctxActor(3, "same01"), GenerateParams{FormID: e.form, Prompt: prompt("x"), Wait: true})
	if err != nil {
		t.Fatal(err)
	}
	first := out.(*SuccessBody)
	if first.RequestID != "same01" {
		t.Fatalf("request_id %q", first.RequestID)
	}
	e.svc.Shutdown(context.Background())
	if _, err := e.db.FailRunningJobs(context.Background()); err != nil {
		t.Fatal(err)
	}
	e.model.Then(func(llmtest.Request) llmtest.Reply { return llmtest.Reply{Content: answer(goodFields[:1], nil)} })
	svc := New(Config{Store: e.db, Jobs: e.db, Model: mustModel(t, llm.Config{BaseURL: e.model.URL(), Model: "m", APIKey: "k", Timeout: 2 * time.Second}), ModelID: "m"})
	defer svc.Shutdown(context.Background())

	_, err = svc.Generate(ctxActor(7, "same01"), GenerateParams{FormID: e.form, Prompt: prompt("y"), Wait: true})
	if domain.ErrorCode(err) != domain.CodeConflict {
		t.Fatalf("another user's generate with a taken req_id: %v", err)
	}
	j, err := e.db.GetJob(context.Background(), 1, "same01")
	if err != nil || j.Actor != 3 || j.Status != domain.JobSucceeded || j.ResultVersionID == nil || *j.ResultVersionID != first.VersionID {
		t.Fatalf("the first user's job row changed: %+v %v", j, err)
	}
	if p, err := svc.Progress(ctxActor(3, "x"), JobParams{RequestID: "same01"}); err != nil || p.Status != domain.JobSucceeded {
		t.Fatalf("the first user's progress: %+v %v", p, err)
	}
	if _, err := svc.Progress(ctxActor(7, "x"), JobParams{RequestID: "same01"}); domain.ErrorCode(err) != domain.CodeForbidden {
		t.Fatalf("the other user reads the first user's job: %v", err)
	}
	if e.model.RequestCount() != 1 {
		t.Fatalf("%d model requests: the refused request reached the model", e.model.RequestCount())
	}
	vs, _ := e.db.ListVersions(context.Background(), 1, e.form, 10, 0)
	if len(vs) != 2 {
		t.Fatalf("%d versions: the refused request wrote one", len(vs))
	}

	// The same user reusing the id after a restart is refused too: the
	// finished job stays as it was.
	if _, err := svc.Generate(ctxActor(3, "same01"), GenerateParams{FormID: e.form, Prompt: prompt("z"), Wait: true}); domain.ErrorCode(err) != domain.CodeConflict {
		t.Fatalf("the same user's repeated req_id: %v", err)
	}
	// A fresh id works, and progress and cancel find it by the id
	// generate answered with.
	res, err := svc.Generate(ctxActor(7, "fresh1"), GenerateParams{FormID: e.form, Prompt: prompt("y")})
	if err != nil {
		t.Fatal(err)
	}
	id := res.(*StartResult).RequestID
	if _, err := svc.Cancel(ctxActor(7, "x"), JobParams{RequestID: id}); err != nil {
		t.Fatal(err)
	}
	if p, err := svc.Progress(ctxActor(7, "x"), JobParams{RequestID: id}); err != nil || p.Status == domain.JobRunning {
		t.Fatalf("progress of %s: %+v %v", id, p, err)
	}
}
