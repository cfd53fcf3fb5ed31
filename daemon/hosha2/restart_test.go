package hosha2

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/arshline/arshline-sidecar/daemon/domain"
	"github.com/arshline/arshline-sidecar/daemon/llm/llmtest"
)

// TestShutdownFailsRunningJobsAsDaemonRestarted: a job the daemon stops
// under its user ends failed with "daemon restarted", never as if the
// user had cancelled it, whether it was waiting for the model or between
// phases.
func TestShutdownFailsRunningJobsAsDaemonRestarted(t *testing.T) {
	for _, where := range []string{"waiting for the model", "at a checkpoint"} {
		t.Run(where, func(t *testing.T) {
			e := setup(t, nil, llmtest.Reply{Content: answer(goodFields, nil), Delay: 30 * time.Second})
			if where == "at a checkpoint" {
				e.svc.afterPhase = func(_, phase string) {
					if phase == "analyze_input" {
						go e.svc.Shutdown(context.Background())
						time.Sleep(50 * time.Millisecond)
					}
				}
			}
			if _, err := e.svc.Generate(ctxReq("down01"), GenerateParams{FormID: e.form, Prompt: prompt("x")}); err != nil {
				t.Fatal(err)
			}
			if where == "waiting for the model" {
				for e.model.RequestCount() == 0 {
					time.Sleep(2 * time.Millisecond)
				}
				e.svc.Shutdown(context.Background())
			}
			var j *domain.Job
			deadline := time.Now().Add(5 * time.Second)
			for {
				var err error
				j, err = e.db.GetJob(context.Background(), 1, "down01")
				if err != nil {
					t.Fatal(err)
				}
				if j.Status != domain.JobRunning || time.Now().After(deadline) {
					break
				}
				time.Sleep(5 * time.Millisecond)
			}
			if j.Status != domain.JobFailed || j.ErrorCode != string(domain.CodeUnavailable) ||
				!strings.Contains(j.ErrorMessage, "daemon restarted") || strings.Contains(j.ErrorMessage, "cancelled") {
				t.Fatalf("job after shutdown: status %s, %s %q", j.Status, j.ErrorCode, j.ErrorMessage)
			}
		})
	}
}
