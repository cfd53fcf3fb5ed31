package persian

import (
	"slices"
	"strings"
	"unicode/utf8"
)

// Gates: most readings of the token stream change a command only when
// it says one of a few rare words («به جای», «ببخشید», «یا», a colon…),
// yet each costs a look at every word of every command. The words of a
// command are looked up once (saidReadings), and a reading whose words are
// all absent is skipped. A gate is exactly as permissive as its reading:
// its words are every word without which the reading returns what it
// was given, including words an earlier reading of the chain may put in
// (a colon after formTitleList, «(» after labelledTypes), and
// TestGatesHideNoReading runs every reading behind a closed gate over
// the corpora to prove it.

// gates is a set of readings a command's words open.
type gates uint64

const (
	gateEither       gates = 1 << iota // «یا», "or": eitherActs, formChoice
	gateOneOf                          // «یکی از», "one of", "either": formChoice
	gateNo                             // «نه», «نیست», "not", "no": undecided, unmarkedAnswers, answeredNo, unneededActDropped
	gateAsked                          // «؟»: answeredNo
	gateLater                          // «بعداً», «موکول»: postponed
	gateTell                           // «بگو»: toldToOther
	gateInsteadOf                      // «به جای»: dropInsteadOf
	gateCorrection                     // «ببخشید», «منظورم»: selfCorrected
	gateSpeaker                        // «خودم», «میکنم»: dropSpeakerActs
	gateBeforeAfter                    // «قبل», «بعد», "before": beforeVerbEnds, afterCuts
	gateCount                          // a number from 2 to 12: formTitleList
	gateColon                          // «:»: colonTitles, structured, colonWordings, amendedOptions
	gateTypeLabel                      // «نوع:»: labelledTypes
	gateParen                          // «(»: sharedNoun, parenWordings
	gateV2Type                         // a type word only v2 knows: retype
	gatePlaceNoun                      // «جای», «بخش»: placesAsQuestions
	gateWait                           // «وایسا», «صبر», "wait", "hold": undecided
	gateExcept                         // «جز», «غیر از», «بقیه», "except": leftOutOrRest
	gateBeside                         // «بعدی», «زیر», «به بعد», "next", "onwards": questionBesideNamed
	gateSlangUnclear                   // «جمعش», «بپرونش», «ریست», «بترکون»: unclearSlangAct
)

// allGates opens every reading: what an empty key, a prefix of every
// word, calls for.
const allGates = ^gates(0)

// gateWords are the keys of the tokens that open each gate.
var gateWords = func() map[string]gates {
	m := map[string]gates{}
	add := func(g gates, words ...string) {
		for _, w := range words {
			m[w] |= g
		}
	}
	// A phrase of a vocabulary starts at a token whose key is a prefix
	// of its first word or of its words typed as one (clause.word).
	addStarts := func(g gates, v *vocab) {
		for _, p := range v.phrases {
			for _, w := range []string{p.words[0], p.joined} {
				for n := 1; n <= len(w); n++ {
					m[w[:n]] |= g
				}
			}
		}
	}
	add(gateEither, "یا", "or")
	add(gateOneOf, "یکی", "یکیش", "یکیشو", "یکیشون", "یکیشونو", "one", "either")
	add(gateNo, "نه", "not", "no", "نیست", "نیس")
	add(gateAsked, "؟", "?")
	add(gateLater, "بعد", "بعدا", "بعداً", "later", "موکول", "postpone", "postponed")
	add(gateTell, tellVerbs...)
	addStarts(gateInsteadOf, insteadOfV)
	addStarts(gateCorrection, correctionV)
	add(gateSpeaker, "خودم", "خودمون", "خودمان", "میکنم", "میکنیم", "میسازم", "میسازیم", "میذارم", "میذاریم", "میگذارم", "میزنم", "میافزایم", "خواهمکرد", "انجاممیدهم")
	add(gateBeforeAfter, "after", "once", "before", "بعد", "پس", "قبل", "پیش")
	add(gateColon, ":")
	add(gateTypeLabel, "نوع", "نوعش", "type", "قالب")
	add(gateParen, "(")
	addStarts(gateV2Type, v2TypeWordsV)
	add(gateV2Type, "عدد", "رقم")
	add(gatePlaceNoun, placeNouns...)
	// waitsAt's last words: «… وایسا», «… صبر کن», «… دست نگه دار», "hold on".
	add(gateWait, "وایسا", "وایستا", "وایسید", "وایستید", "wait", "صبر", "نگه", "hold")
	addStarts(gateExcept, exceptWordsV)
	add(gateExcept, restWords...)
	add(gateBeside, "بعدی", "بعدیش", "بعدیشو", "بعدیشم", "قبلیش", "next", "بعد", "قبل", "بالا", "پایین", "onwards", "onward")
	addStarts(gateBeside, besideWordsV)
	add(gateSlangUnclear, slangUnclearWords...)
	return m
}()

// wordReadings are the readings a word opens: the gates, and the
// passes of saidedits.go.
type wordReadings struct {
	gates  gates
	passes passes
}

// readingWords joins gateWords and passWords, so that a command's words
// are looked up once for both.
var readingWords = func() map[string]wordReadings {
	m := make(map[string]wordReadings, len(gateWords)+len(passWords))
	for w, g := range gateWords {
		r := m[w]
		r.gates |= g
		m[w] = r
	}
	for w, p := range passWords {
		r := m[w]
		r.passes |= p
		m[w] = r
	}
	return m
}()

// saidReadings returns the gates and the passes the words of a command
// open. Quoted words open gates too: a few readings read a quoted key,
// and a gate opened for nothing only costs the reading. They call for
// no pass.
func saidReadings(toks []token) (gates, passes) {
	var g gates
	var p passes
	for _, t := range toks {
		r := readingWords[t.m]
		if t.m == "" {
			g = allGates
		}
		g |= r.gates
		if !t.quoted {
			p |= r.passes
		}
		if t.isNum && t.num >= 2 && t.num <= 12 {
			g |= gateCount
		}
	}
	return g, p
}

// onClosedGate, when set (by a test), is told of every reading a closed
// gate skips, with whether the reading would have changed the command.
var onClosedGate func(gate gates, changed bool)

// run applies f to toks when gate is open.
func (g gates) run(gate gates, f func([]token) []token, toks []token) []token {
	if g&gate != 0 {
		return f(toks)
	}
	if onClosedGate != nil {
		onClosedGate(gate, !slices.Equal(f(append([]token(nil), toks...)), toks))
	}
	return toks
}

// says reports f of toks when gate is open, and false otherwise.
func (g gates) says(gate gates, f func([]token) bool, toks []token) bool {
	if g&gate != 0 {
		return f(toks)
	}
	if onClosedGate != nil {
		onClosedGate(gate, f(append([]token(nil), toks...)))
	}
	return false
}

// word returns f of toks when gate is open, and "" otherwise.
func (g gates) word(gate gates, f func([]token) string, toks []token) string {
	if g&gate != 0 {
		return f(toks)
	}
	if onClosedGate != nil {
		onClosedGate(gate, f(append([]token(nil), toks...)) != "")
	}
	return ""
}

// textReadings are the readings of a command's text, before it is
// tokenized, that wait for a word the text rarely holds.
type textReadings uint8

const (
	textFormal textReadings = 1 << iota // formalTrigger: formalRegister
	textNotes                           // noteTrigger: terseNotes
	textSpoken                          // one of spokenMarkWords: spokenMarks
)

// spokenMarksByFirst lists, for each rune of the Arabic block, the
// spoken marks starting with it: a rune of the text is looked up by its
// place in the block, and only the marks it may start are compared.
// Every spoken mark is Persian (TestSpokenMarksByFirst).
var spokenMarksByFirst = func() (t [256][]string) {
	for _, w := range spokenMarkWords {
		r, _ := utf8.DecodeRuneInString(w)
		t[r-0x600] = append(t[r-0x600], w)
	}
	return t
}()

// spokenMarkAt reports whether a spoken mark starts the text, whose
// first rune is r.
func spokenMarkAt(text string, r rune) bool {
	if r < 0x600 || r >= 0x700 {
		return false
	}
	for _, w := range spokenMarksByFirst[r-0x600] {
		if strings.HasPrefix(text, w) {
			return true
		}
	}
	return false
}

// saidInText reads a text once, rune by rune and word by word, for the
// words of formalTrigger and of noteTrigger and for the spoken marks
// (anywhere, as strings.Contains finds them), and returns the readings
// they open.
func saidInText(text string) textReadings {
	var said textReadings
	var f formalScan
	n := newNoteScan()
	word := -1 // where the word formalScan reads starts; -1 between words
	for i, r := range text {
		if said&textNotes == 0 && n.rune(text, i, r) {
			said |= textNotes
		}
		if said&textSpoken == 0 && spokenMarkAt(text[i:], r) {
			said |= textSpoken
		}
		if r != ' ' {
			if word < 0 {
				word = i
			}
			continue
		}
		if word >= 0 {
			if said&textFormal == 0 && f.word(text[word:i]) {
				said |= textFormal
			}
			word = -1
		}
		if said == textFormal|textNotes|textSpoken {
			return said
		}
	}
	if said&textNotes == 0 && n.end(text) {
		said |= textNotes
	}
	if word >= 0 && said&textFormal == 0 && f.word(text[word:]) {
		said |= textFormal
	}
	return said
}

// readText reads a command's text before it is tokenized. The words of
// formalRegister, spokenMarks and terseNotes are found in one reading of the text
// (saidInText), read again only after a reading has changed it.
func readText(text string) string {
	text = surface(noteLines(storyLines(linesAsItems(stepsRead(deniedThenOnly(text))))))
	said := saidInText(text)
	if said&textFormal != 0 {
		if t := formalRead(text); t != text {
			text, said = t, saidInText(t)
		}
	}
	if said&textSpoken != 0 {
		if t := spokenRead(text); t != text {
			text, said = t, saidInText(t)
		}
	}
	if said&textNotes != 0 {
		text = notesRead(text)
	}
	return quoteNamedInParens(text)
}
