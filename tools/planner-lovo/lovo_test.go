package main

import (
	"bytes"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/arshline/arshline-sidecar/internal/plancorpus"
)

// The fixture: three voices of nine commands each, lines of core,
// basics and everyday; answers/c.jsonl is the rules' plans of c.jsonl
// with its first publish read as an unasked draft_form.
const fixture = "testdata/*.jsonl"

func runFixture(t *testing.T, answers string) result {
	t.Helper()
	voices, err := loadVoices(fixture)
	if err != nil {
		t.Fatal(err)
	}
	given, err := loadAnswers(answers, voices)
	if err != nil {
		t.Fatal(err)
	}
	res, err := leaveOneVoiceOut(voices, given, guardConfig{MinDocs: 1, Train: defaultTraining, Threshold: 0.1})
	if err != nil {
		t.Fatal(err)
	}
	return res
}

func TestLeaveOneVoiceOut(t *testing.T) {
	t.Run("every command is counted once, and the rules read the fixture right", func(t *testing.T) {
		res := runFixture(t, "")
		if len(res.Folds) != 3 {
			t.Fatalf("%d folds, want 3", len(res.Folds))
		}
		for _, f := range res.Folds {
			if f.N != 9 || f.Plans != 7 || f.Cold {
				t.Errorf("%s: %d commands, %d expecting a plan, cold %t; want 9, 7, false", f.Voice, f.N, f.Plans, f.Cold)
			}
			if f.Rules.Pass != f.N || f.RulesIntent != f.N || f.Rules.Unasked != 0 {
				t.Errorf("%s: the rules pass %d and read the intent of %d of %d (unasked %d)", f.Voice, f.Rules.Pass, f.RulesIntent, f.N, f.Rules.Unasked)
			}
			if f.Agree.Emitted > f.Rules.Emitted || f.Guard.Emitted > f.Rules.Emitted || f.Agree.Emitted > f.Guard.Emitted {
				t.Errorf("%s: a gate gave more plans than it was handed: rules %d, guard %d, agree %d", f.Voice, f.Rules.Emitted, f.Guard.Emitted, f.Agree.Emitted)
			}
			if f.LearnedIntent == 0 {
				t.Errorf("%s: the learned reading got no intent right", f.Voice)
			}
		}
	})
	t.Run("the same corpora give the same verdicts and counts", func(t *testing.T) {
		a, b := runFixture(t, ""), runFixture(t, "")
		if !reflect.DeepEqual(a.Verdicts, b.Verdicts) || !reflect.DeepEqual(a.Folds, b.Folds) {
			t.Fatal("two runs on the same corpora differ")
		}
	})
	t.Run("a wrong destructive plan is counted, and the gates stop it", func(t *testing.T) {
		res := runFixture(t, "testdata/answers")
		c := res.Folds[2]
		if c.Voice != "c.jsonl" || !c.Cold {
			t.Fatalf("fold 2 is %s (cold %t), want c.jsonl read from the answers", c.Voice, c.Cold)
		}
		if c.Rules.Wrong != 1 || c.Rules.Unasked != 1 {
			t.Fatalf("rules: %d wrong, %d unasked destructive; want 1 and 1", c.Rules.Wrong, c.Rules.Unasked)
		}
		var planted verdict
		for _, v := range res.Verdicts {
			if v.Reading.Voice == "c.jsonl" && v.Reading.ID == "x091" {
				planted = v
			}
		}
		if planted.Learned != "publish_form" {
			t.Fatalf("learned intent of %q is %q, want publish_form", planted.Reading.Text, planted.Learned)
		}
		if c.Agree.Unasked != 0 || c.Guard.Unasked != 0 || c.Binary.Unasked != 0 || c.Guard.Emitted != c.Rules.Emitted-1 {
			t.Errorf("agree let %d through, guard %d, binary %d (guard gave %d of %d plans); want 0, 0, 0 and one plan fewer",
				c.Agree.Unasked, c.Guard.Unasked, c.Binary.Unasked, c.Guard.Emitted, c.Rules.Emitted)
		}
		var out bytes.Buffer
		res.writeUnasked(&out)
		if !strings.Contains(out.String(), "x091") || !strings.Contains(out.String(), "guard true, binary true") {
			t.Errorf("the list of unasked plans does not name it:\n%s", out.String())
		}
		out.Reset()
		res.write(&out)
		for _, want := range []string{"c.jsonl (cold)", "rules cold: 9 commands", "unasked destructive 1"} {
			if !strings.Contains(out.String(), want) {
				t.Errorf("the table lacks %q:\n%s", want, out.String())
			}
		}
	})
}

func TestTrainedOnWhatCameBefore(t *testing.T) {
	voices, err := loadVoices(fixture)
	if err != nil {
		t.Fatal(err)
	}
	given, err := loadAnswers("testdata/answers", voices)
	if err != nil {
		t.Fatal(err)
	}
	when, err := loadWhen("testdata/answers/when")
	if err != nil {
		t.Fatal(err)
	}
	cfg := guardConfig{MinDocs: 1, Train: defaultTraining, Threshold: 0.1, When: when}
	t.Run("a voice read cold is learned from the voices before it only", func(t *testing.T) {
		res, err := leaveOneVoiceOut(voices, given, cfg)
		if err != nil {
			t.Fatal(err)
		}
		for i, want := range []int{2, 2, 1} {
			if f := res.Folds[i]; f.TrainedOn != want {
				t.Errorf("%s trained on %d voices, want %d", f.Voice, f.TrainedOn, want)
			}
		}
	})
	t.Run("a voice read cold with none before it", func(t *testing.T) {
		cfg := cfg
		cfg.When = map[string]int64{"a.jsonl": 300, "b.jsonl": 300, "c.jsonl": 100}
		if _, err := leaveOneVoiceOut(voices, given, cfg); err == nil || !strings.Contains(err.Error(), "c.jsonl: no voice came before it") {
			t.Errorf("err = %v", err)
		}
	})
	t.Run("a line that is not «name<TAB>time»", func(t *testing.T) {
		p := filepath.Join(t.TempDir(), "when")
		if err := os.WriteFile(p, []byte("a.jsonl\t1\nb.jsonl 2\n"), 0o600); err != nil {
			t.Fatal(err)
		}
		if _, err := loadWhen(p); err == nil || !strings.Contains(err.Error(), "line 2") {
			t.Errorf("err = %v, want one naming line 2", err)
		}
	})
}

func TestLoadErrors(t *testing.T) {
	dir := t.TempDir()
	write := func(name, text string) string {
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, []byte(text), 0o600); err != nil {
			t.Fatal(err)
		}
		return p
	}
	t.Run("a line that is not JSON", func(t *testing.T) {
		if _, err := loadVoice(write("bad.jsonl", "{\"id\": 1\n")); err == nil || !strings.Contains(err.Error(), "bad.jsonl:1") {
			t.Errorf("err = %v, want one naming bad.jsonl:1", err)
		}
	})
	t.Run("a command with no expectation", func(t *testing.T) {
		if _, err := loadVoice(write("noexpect.jsonl", `{"id": "a", "text": "x"}`+"\n")); err == nil {
			t.Error("no error")
		}
	})
	t.Run("an empty file", func(t *testing.T) {
		if _, err := loadVoice(write("empty.jsonl", "\n")); err == nil {
			t.Error("no error")
		}
	})
	t.Run("one voice leaves nothing to train on", func(t *testing.T) {
		if _, err := loadVoices("testdata/a.jsonl"); err == nil {
			t.Error("no error")
		}
	})
	voices, err := loadVoices(fixture)
	if err != nil {
		t.Fatal(err)
	}
	t.Run("answers that are not JSON", func(t *testing.T) {
		d := t.TempDir()
		if err := os.WriteFile(filepath.Join(d, "a.jsonl"), []byte("null\n{\n"), 0o600); err != nil {
			t.Fatal(err)
		}
		if _, err := loadAnswers(d, voices); err == nil || !strings.Contains(err.Error(), "line 2") {
			t.Errorf("err = %v, want one naming line 2", err)
		}
	})
	t.Run("fewer answers than commands", func(t *testing.T) {
		d := t.TempDir()
		if err := os.WriteFile(filepath.Join(d, "a.jsonl"), []byte("null\n"), 0o600); err != nil {
			t.Fatal(err)
		}
		given, err := loadAnswers(d, voices)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := leaveOneVoiceOut(voices, given, guardConfig{MinDocs: 1, Train: defaultTraining}); err == nil || !strings.Contains(err.Error(), "1 answers for 9 commands") {
			t.Errorf("err = %v, want one counting the answers", err)
		}
	})
}

func TestReadText(t *testing.T) {
	for _, c := range []struct{ in, want string }{
		{"فرم ۱۲ رو منتشر كن", "فرم 00 رو منتشر کن"},
		{"یک فرم «حذف شده» بساز", "یک فرم «» بساز"},
		{"فرم \"delete me\" و “x” بساز", "فرم «» و «» بساز"},
		{"سوال « بی‌پایان", "سوال « بیپایان"},
	} {
		t.Run(c.in, func(t *testing.T) {
			if got := readText(c.in); got != c.want {
				t.Errorf("readText(%q) = %q, want %q", c.in, got, c.want)
			}
		})
	}
	t.Run("a planner's reading of the features is the training's", func(t *testing.T) {
		voices, err := loadVoices(fixture)
		if err != nil {
			t.Fatal(err)
		}
		var docs [][]string
		var texts []string
		for _, v := range voices {
			for _, c := range v.Commands {
				texts = append(texts, readText(c.Text))
				docs = append(docs, featuresOf(readText(c.Text)))
			}
		}
		vocab := newVocabulary(docs, 2)
		for i, text := range append(texts, "", "فرم", "یک سوال تازه برای فرم 0 بساز و منتشرش کن") {
			var want sparse
			if i < len(docs) {
				want = vocab.vector(docs[i])
			} else {
				want = vocab.vector(featuresOf(text))
			}
			if got := vocab.read(text); !reflect.DeepEqual(got, want) {
				t.Errorf("%q: read %v, vector %v", text, got, want)
			}
		}
	})
	t.Run("features are sorted and unique", func(t *testing.T) {
		f := featuresOf("آ آ")
		want := []string{"b:آ آ", "c: آ", "c: آ ", "c: آ آ", "c:آ ", "c:آ آ", "c:آ آ ", "w:آ"}
		if !reflect.DeepEqual(f, want) {
			t.Errorf("featuresOf = %q, want %q", f, want)
		}
	})
}

func TestTrain(t *testing.T) {
	// Two classes told apart by one column each, and a shared column.
	xs := []sparse{{Index: []int{0, 2}, Value: 1}, {Index: []int{1, 2}, Value: 1}, {Index: []int{0}, Value: 1}, {Index: []int{1}, Value: 1}}
	ys := []int{0, 1, 0, 1}
	classes := []string{"a", "b"}
	m := train(xs, ys, classes, 3, defaultTraining)
	t.Run("it learns what tells the classes apart", func(t *testing.T) {
		for i, x := range xs {
			if got, p := m.predict(x); got != classes[ys[i]] || p < 0.9 {
				t.Errorf("command %d: %s (%.2f), want %s", i, got, p, classes[ys[i]])
			}
		}
		if got, p := m.predict(sparse{Index: []int{2}, Value: 1}); p > 0.6 {
			t.Errorf("the shared column alone says %s at %.2f, want no confidence", got, p)
		}
	})
	t.Run("the same data give the same weights, bit for bit", func(t *testing.T) {
		if again := train(xs, ys, classes, 3, defaultTraining); !reflect.DeepEqual(m, again) {
			t.Error("weights differ")
		}
	})
	t.Run("a larger penalty gives smaller weights", func(t *testing.T) {
		cfg := defaultTraining
		cfg.Lambda = 0.1
		strong := train(xs, ys, classes, 3, cfg)
		if norm(strong.W) >= norm(m.W) {
			t.Errorf("|W| = %.3f with lambda 0.1, %.3f with %g", norm(strong.W), norm(m.W), defaultTraining.Lambda)
		}
	})
}

func norm(w []float64) float64 {
	s := 0.0
	for _, x := range w {
		s += x * x
	}
	return s
}

func TestMismatch(t *testing.T) {
	step := func(action string, params map[string]any) map[string]any {
		return map[string]any{"action": action, "params": params}
	}
	plan := func(steps ...any) map[string]any { return map[string]any{"version": 2.0, "steps": steps} }
	for _, c := range []struct {
		name   string
		expect map[string]any
		got    map[string]any
		why    string
	}{
		{"no plan expected, none given", map[string]any{"none": true}, nil, ""},
		{"no plan expected, one given", map[string]any{"none": true}, plan(step("publish_form", map[string]any{"id": 3.0})), "expected no plan"},
		{"a plan expected, none given", plan(step("publish_form", map[string]any{"id": 3.0})), nil, "expected a plan, got none"},
		{"another action", plan(step("publish_form", map[string]any{"id": 3.0})), plan(step("delete_form", map[string]any{"id": 3.0})), "step 0: expected action publish_form, got delete_form"},
		{"another title", plan(step("create_form", map[string]any{"title": "فرم مشتری"})), plan(step("create_form", map[string]any{"title": "فرم مشتریان"})), "step 0 (create_form): param title expected فرم مشتری, got فرم مشتریان"},
		{"the title typed otherwise", plan(step("create_form", map[string]any{"title": "فرم مشتری"})), plan(step("create_form", map[string]any{"title": "«فرم\u200cمشتري»"})), ""},
		{"an empty param given", plan(step("add_field", map[string]any{"id": 3.0})), plan(step("add_field", map[string]any{"id": 3.0, "question": "", "required": false})), ""},
		{"an invented param", plan(step("add_field", map[string]any{"id": 3.0})), plan(step("add_field", map[string]any{"id": 3.0, "index": 0.0})), "step 0 (add_field): unexpected param index=0"},
		{"optional is a change in update_field", plan(step("update_field", map[string]any{"id": 3.0})), plan(step("update_field", map[string]any{"id": 3.0, "required": false})), "step 0 (update_field): unexpected param required=false"},
		{"more steps", plan(step("publish_form", map[string]any{"id": 3.0})), plan(step("publish_form", map[string]any{"id": 3.0}), step("publish_form", map[string]any{"id": 4.0})), "expected 1 steps, got 2"},
	} {
		t.Run(c.name, func(t *testing.T) {
			if why := plancorpus.Mismatch(c.expect, c.got); why != c.why {
				t.Errorf("mismatch = %q, want %q", why, c.why)
			}
		})
	}
}

func TestIntentsAndGates(t *testing.T) {
	t.Run("the intent is the set of actions", func(t *testing.T) {
		if got := intentOf([]string{"publish_form", "add_field", "add_field"}); got != "add_field+publish_form" {
			t.Errorf("intentOf = %q", got)
		}
		if got := intentOf(nil); got != noPlan {
			t.Errorf("intentOf(nil) = %q", got)
		}
	})
	t.Run("only a destructive action not expected is unasked", func(t *testing.T) {
		if unaskedDestruction([]string{"delete_field"}, []string{"delete_field", "publish_form"}) {
			t.Error("an expected delete_field counted")
		}
		if !unaskedDestruction([]string{"delete_form"}, []string{"delete_field"}) {
			t.Error("delete_form for delete_field not counted")
		}
		if unaskedDestruction([]string{"publish_form"}, nil) {
			t.Error("a publish counted as destructive")
		}
	})
	t.Run("guard keeps a plan whose destructive actions the learned reading finds likely enough", func(t *testing.T) {
		asked := map[string]float64{"duplicate_form": 0.9, "delete_form": 0.3, "delete_field": 0.05}
		if !guarded([]string{"duplicate_form", "delete_form"}, asked, 0.1) {
			t.Error("stopped a delete at 0.3 with a threshold of 0.1")
		}
		if guarded([]string{"delete_field"}, asked, 0.1) {
			t.Error("kept a delete_field at 0.05 with a threshold of 0.1")
		}
		if guarded([]string{"publish_form", "disable_form"}, asked, 0.1) {
			t.Error("kept a disable_form the learned reading never gives")
		}
		if !guarded([]string{"add_field"}, nil, 0.5) {
			t.Error("stopped a plan with nothing destructive")
		}
	})
	t.Run("an action's probability is the sum over the intents holding it", func(t *testing.T) {
		m := &model{Classes: []string{"delete_form", "delete_form+duplicate_form", noPlan}}
		asked := m.asked([]float64{0.25, 0.5, 0.25})
		if asked["delete_form"] != 0.75 || asked["duplicate_form"] != 0.5 || asked[noPlan] != 0.25 || len(asked) != 3 {
			t.Errorf("asked = %v", asked)
		}
	})
}

// BenchmarkPredict is the learned reading of one command — the
// planner's normal form, the features, the scores — with a model
// trained on every corpus of testdata/planner, over those commands in
// turn; cpu-ns/op is the CPU time the process spent on one.
func BenchmarkPredict(b *testing.B) {
	voices, err := loadVoices("../../testdata/planner/*.jsonl")
	if err != nil {
		b.Fatal(err)
	}
	var all []reading
	for _, v := range voices {
		for _, c := range v.Commands {
			r := reading{Text: c.Text, Features: featuresOf(readText(c.Text))}
			if !plancorpus.Truthy(c.Expect["none"]) {
				r.Expected = actionsOf(c.Expect)
			}
			all = append(all, r)
		}
	}
	m, vocab := fit(all, 2, defaultTraining)
	b.ReportMetric(float64(m.bytes()+vocab.bytes()), "model-bytes")
	b.ReportAllocs()
	b.ResetTimer()
	before := cpuTime()
	for i := 0; i < b.N; i++ {
		m.predict(vocab.read(readText(all[i%len(all)].Text)))
	}
	b.ReportMetric(float64(cpuTime()-before)/float64(b.N), "cpu-ns/op")
}
