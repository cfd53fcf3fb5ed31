package persian

import (
	"fmt"
	"path/filepath"
	"testing"
	"unicode/utf8"
)

// TestGatesHideNoReading runs every reading a closed gate skips, over
// every command of every corpus under both contracts, and fails when one
// would have changed the command: a gate must be exactly as permissive
// as its reading.
func TestGatesHideNoReading(t *testing.T) {
	t.Run("the check sees a reading a gate hides", func(t *testing.T) {
		var hidden []gates
		onClosedGate = func(g gates, changed bool) {
			if changed {
				hidden = append(hidden, g)
			}
		}
		defer func() { onClosedGate = nil }()
		toks := tokenize("فرم ۳ : بساز")
		dropColon := func(ts []token) []token { return append(ts[:2:2], ts[3:]...) }
		if got := gates(0).run(gateColon, dropColon, toks); len(got) != len(toks) {
			t.Fatalf("a closed gate ran its reading: %d tokens, want %d", len(got), len(toks))
		}
		says := func([]token) bool { return true }
		if gates(0).says(gateEither, says, toks) {
			t.Fatal("a closed gate said true")
		}
		if len(hidden) != 2 || hidden[0] != gateColon || hidden[1] != gateEither {
			t.Fatalf("hidden readings %v, want the colon's and «یا»'s", hidden)
		}
	})
	files, err := filepath.Glob(filepath.Join(corpusDir, "*.jsonl"))
	if err != nil || len(files) == 0 {
		t.Fatalf("no corpora in %s: %v", corpusDir, err)
	}
	var texts []string
	for _, f := range files {
		for _, c := range loadCorpusPath(t, f) {
			texts = append(texts, c.Text)
		}
	}
	for _, contract := range []int{1, 2} {
		t.Run(fmt.Sprintf("v%d", contract), func(t *testing.T) {
			var text string
			closed, hidden := 0, 0
			onClosedGate = func(g gates, changed bool) {
				closed++
				if changed {
					hidden++
					t.Errorf("gate %#x hides a reading that changes %q", uint64(g), text)
				}
			}
			defer func() { onClosedGate = nil }()
			p := New(Config{Contract: contract})
			for _, text = range texts {
				p.Plan(text)
			}
			if closed == 0 {
				t.Fatalf("no gate closed over %d commands", len(texts))
			}
			t.Logf("%d commands, %d readings skipped, %d of them would have changed the command", len(texts), closed, hidden)
		})
	}
}

// TestSaidGates: the words of a command open the gates of the readings
// that read them, however they are typed, and no other.
func TestSaidGates(t *testing.T) {
	for _, tc := range []struct {
		name, text string
		open, shut gates
	}{
		{"«به جای» as two words", "به جای حذف فرم ۱۱، منتشرش کن", gateInsteadOf, gateCorrection | gateColon},
		{"«بجای» as one", "بجای حذف فرم ۱۱ منتشرش کن", gateInsteadOf, gateEither},
		{"a correction", "فرم ۳۰ رو منتشر کن نه ببخشید پیش نویس کن", gateCorrection | gateNo, gateInsteadOf},
		{"a colon and a count", "دو فرم بساز: «الف» و «ب»", gateColon | gateCount, gateParen},
		{"a number past twelve counts nothing", "فرم ۳۵ رو منتشر کن", 0, gateCount},
		{"a type word only v2 knows", "یه سوال تاریخ اضافه کن", gateV2Type, gateTell},
		{"a choice between forms", "فرم ۳ یا ۴ رو پاک کن", gateEither, gateOneOf},
	} {
		t.Run(tc.name, func(t *testing.T) {
			g, _ := saidReadings(tokenize(surface(tc.text)))
			if g&tc.open != tc.open {
				t.Errorf("gates %#x, want %#x open", uint64(g), uint64(tc.open))
			}
			if g&tc.shut != 0 {
				t.Errorf("gates %#x, want %#x shut", uint64(g), uint64(tc.shut))
			}
		})
	}
	t.Run("a quoted word opens gates and calls for no pass", func(t *testing.T) {
		g, p := saidReadings(tokenize(surface("یه سوال «یا» و «بساز» اضافه کن")))
		if g&gateEither == 0 {
			t.Errorf("gates %#x, want «یا» open", uint64(g))
		}
		if p&passMakeInto != 0 {
			t.Errorf("passes %#x, want no «بساز» pass", uint32(p))
		}
		if _, p := saidReadings(tokenize(surface("سوال ۲ رو تاریخ بساز"))); p&passMakeInto == 0 {
			t.Errorf("passes %#x, want the «بساز» pass", uint32(p))
		}
	})
	t.Run("an empty key opens every gate", func(t *testing.T) {
		if g, _ := saidReadings([]token{{m: "", s: "\u200c"}}); g != allGates {
			t.Errorf("gates %#x, want all", uint64(g))
		}
	})
}

// TestSpokenMarksByFirst: every spoken mark starts in the Arabic block,
// so the table by first rune holds each of them, and a mark is found
// wherever it starts and nowhere else.
func TestSpokenMarksByFirst(t *testing.T) {
	for _, w := range spokenMarkWords {
		r, _ := utf8.DecodeRuneInString(w)
		if r < 0x600 || r >= 0x700 {
			t.Fatalf("%q starts outside the Arabic block", w)
		}
		t.Run(w, func(t *testing.T) {
			if !spokenMarkAt(w+" بعدی", r) {
				t.Errorf("%q not found at its start", w)
			}
			if spokenMarkAt("x"+w, 'x') {
				t.Errorf("%q found after another rune", w)
			}
		})
	}
	t.Run("a word no mark starts", func(t *testing.T) {
		if spokenMarkAt("نام", 'ن') || spokenMarkAt("فرم", 'ف') {
			t.Error("found a mark in a plain word")
		}
	})
}

// TestRuneSet: the first-rune filters never turn away a word that
// starts as one of theirs, and turn away the runes they do not hold.
func TestRuneSet(t *testing.T) {
	for _, tc := range []struct {
		name  string
		words []string
	}{
		{"denied stems", deniedStems},
		{"create verbs", createVerbs},
		{"form nouns", formNouns},
	} {
		t.Run(tc.name, func(t *testing.T) {
			s := firstRunes(tc.words)
			for _, w := range tc.words {
				r, _ := utf8.DecodeRuneInString(w)
				if !s.mayHave(r) {
					t.Errorf("%q: its first rune %q is turned away", w, r)
				}
			}
		})
	}
	t.Run("a rune not held is turned away", func(t *testing.T) {
		s := firstRunes([]string{"نکن", "درنیار"})
		for _, r := range []rune{'ب', 'ف', 'a'} {
			if s.mayHave(r) {
				t.Errorf("%q: held, want turned away", r)
			}
		}
	})
	t.Run("a token starts a phrase only with its second rune", func(t *testing.T) {
		// newVocab adds the words to vocabWords, which the planner
		// reads: they are taken out again after.
		had := map[string]bool{}
		for w := range vocabWords {
			had[w] = true
		}
		defer func() {
			for w := range vocabWords {
				if !had[w] {
					delete(vocabWords, w)
				}
			}
		}()
		v := newVocab("ب جز", "بدل", "پیشنویس")
		word := func(m string) token { return token{m: m, s: m, r0: firstRune(m)} }
		for _, tc := range []struct {
			name string
			toks []token
			key  string
			n    int
		}{
			{"a one-rune first word, typed joined", []token{word("بجز")}, "ب جز", 1},
			{"a one-rune first word, typed apart", []token{word("ب"), word("جز")}, "ب جز", 2},
			{"the word itself", []token{word("بدل")}, "بدل", 1},
			{"a word typed in two", []token{word("پیش"), word("نویس")}, "پیشنویس", 2},
			{"a one-rune token", []token{word("ب"), word("دل")}, "بدل", 2},
			{"another second rune", []token{word("بز")}, "", 0},
		} {
			k, n := clause(tc.toks).next(0, v, 0)
			if n != tc.n || n > 0 && v.phrases[k].key != tc.key {
				t.Errorf("%s: phrase %d of length %d, want %q of length %d", tc.name, k, n, tc.key, tc.n)
			}
		}
	})
	t.Run("a vocabulary turns away a token no phrase starts with", func(t *testing.T) {
		c := clause(tokenize("فرم ۳ رو پاک کن"))
		if _, n := c.next(0, deleteWordsV, 0); n != 0 {
			t.Errorf("«فرم» read as a delete word")
		}
		if _, n := c.next(3, deleteWordsV, 0); n == 0 {
			t.Errorf("«پاک» not read as a delete word")
		}
	})
}

// TestFinglishSpellingsAreLatin: every Finglish spelling starts with a
// Latin letter, so a word in Persian letters is never looked up among
// them (finglishSpelling).
func TestFinglishSpellingsAreLatin(t *testing.T) {
	if len(finglish) == 0 {
		t.Fatal("no Finglish spellings")
	}
	for m, w := range finglish {
		if m == "" || m[0] >= 0x80 {
			t.Errorf("Finglish spelling %q (of %q) does not start with a Latin letter", m, w)
		}
		if got, ok := finglishSpelling(m); !ok || got != w {
			t.Errorf("finglishSpelling(%q) = %q, %v; want %q", m, got, ok, w)
		}
	}
	if _, ok := finglishSpelling("فرم"); ok {
		t.Error("a Persian word read as a Finglish spelling")
	}
}

// TestTextReadOnce checks that reading a command's text with its words
// found in one reading (readText) gives what each reading of the text,
// each looking for its own words, gives.
func TestTextReadOnce(t *testing.T) {
	each := func(text string) string {
		return quoteNamedInParens(terseNotes(spokenMarks(formalRegister(surface(noteLines(storyLines(linesAsItems(stepsRead(deniedThenOnly(text))))))))))
	}
	for _, c := range []struct {
		name, text string
		said       textReadings
	}{
		{"no rare word", "فرم ۳ را منتشر کن", 0},
		{"a formal back-reference", "فرم مذکور منتشر گردد", textFormal},
		{"a formal word last", "سوال دوم فرم ۳ حذف گردید", textFormal},
		{"a form glued to its number", "ف۱۲ س۳ اجباری", textNotes},
		{"a note word last", "F12 Q3 opt", textNotes},
		{"a plus sign", "فرم ۵ + سوال نام", textNotes},
		{"both", "فرم مذکور: Q2 req", textFormal | textNotes},
		{"a note word inside a word", "options of form 3", 0},
		{"a spoken mark", "سوال گیومه باز نام گیومه بسته اضافه کن", textSpoken},
		{"a spoken mark inside a word", "سوال تعداد خطوط اضافه کن", textSpoken},
		{"a spoken mark of two words", "بند جدید فرم ۳ رو منتشر کن", textFormal | textSpoken},
		{"a spoken mark parted by two spaces", "بند  جدید", textFormal},
	} {
		t.Run(c.name, func(t *testing.T) {
			if got := saidInText(c.text); got != c.said {
				t.Errorf("saidInText(%q) = %b, want %b", c.text, got, c.said)
			}
			if got, want := readText(c.text), each(c.text); got != want {
				t.Errorf("readText(%q) = %q, each reading gives %q", c.text, got, want)
			}
		})
	}
	t.Run("corpora", func(t *testing.T) {
		files, err := filepath.Glob(filepath.Join(corpusDir, "*.jsonl"))
		if err != nil || len(files) == 0 {
			t.Fatalf("no corpora in %s: %v", corpusDir, err)
		}
		n := 0
		for _, f := range files {
			for _, c := range loadCorpusPath(t, f) {
				n++
				if got, want := readText(c.Text), each(c.Text); got != want {
					t.Errorf("readText(%q) = %q, each reading gives %q", c.Text, got, want)
				}
			}
		}
		if n == 0 {
			t.Fatal("no commands read")
		}
	})
}
