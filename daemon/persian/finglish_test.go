package persian

import "testing"

// Commands typed wholly or partly in Finglish, Persian in Latin letters,
// in the voices that type it: a gym owner texting, a student, a
// relative abroad mixing English, a shop assistant. None is a line of a
// corpus. Each family is said several ways and must give the plan the
// same command gives in Persian letters.

// TestFinglishCounts: a count typed in Latin letters counts the
// questions («do ta», «se ta», «panj ta», «do soal»), while «do» before
// anything else is the English verb.
func TestFinglishCounts(t *testing.T) {
	p := New(Config{Contract: 2})
	checkReadings(t, p, map[string]string{
		"do ta soal boland be form 8 ezafe kon":       "add_field #8 long_text; add_field #8 long_text",
		"se ta sual kutah tu form 8 bezar":            "add_field #8 short_text; add_field #8 short_text; add_field #8 short_text",
		"be form 8 chahar ta soal tarikh ezafe konid": "add_field #8 date; add_field #8 date; add_field #8 date; add_field #8 date",
		"do soal emtiazi be form 8 ezafe kon lotfan":  "add_field #8 rating; add_field #8 rating",
		"do not publish form 8":                       "none",
	})
}

// TestFinglishSpellings: one word spelt as people spell it — vowels
// doubled, dropped or typed as o/u/oo/ou, the hamza as an apostrophe,
// kh as x, gh as q, a final h or none.
func TestFinglishSpellings(t *testing.T) {
	p := New(Config{Contract: 2})
	checkReadings(t, p, map[string]string{
		"soaal 2 form 6 ro ejbari kon":         "update_field #6 @1 required",
		"sval 2 form 6 ro ejbari kon":          "update_field #6 @1 required",
		"so'al 3 form 6 ro ekhtiari kon":       "update_field #6 @2 optional",
		"su'al 3 form 6 ro extiari kon":        "update_field #6 @2 optional",
		"be form 6 ye soal kotah ezafeh kon":   "add_field #6 short_text",
		"be form 6 ye soal kuutah ezaf kon":    "add_field #6 short_text",
		"form 6 ye soal bolannd bezar":         "add_field #6 long_text",
		"form 6 ro montasser kon":              "publish_form #6",
		"form 6 soal 4 ro bebar aval":          "move_field #6 @3 >0",
		"form 6 soal 4 ro bebar avval":         "move_field #6 @3 >0",
		"form 6 soale dovvom ro ejbari kon":    "update_field #6 @1 required",
		"form 6 soal sevvom ro ekhtiary kon":   "update_field #6 @2 optional",
		"be form 6 ye soal keshuyi ezafe kon":  "add_field #6 dropdown",
		"be form 6 ye soal keshooei ezafe kon": "add_field #6 dropdown",
	})
}

// TestFinglishVerbs: the verb in its persons and forms: bezar,
// bezarid, begzar, bogzar; besaz, besazid, dorost kon; pak kon, pakesh
// kon, hazfesh kon; ezafe kon, ezafe konid, ezaf kon.
func TestFinglishVerbs(t *testing.T) {
	p := New(Config{Contract: 2})
	checkReadings(t, p, map[string]string{
		"form 10 ye soal adadi bezarid":                     "add_field #10 number",
		"form 10 ye soal adadi begzar":                      "add_field #10 number",
		"too form 10 ye soal adadi bogzarid":                "add_field #10 number",
		"ye form jadid besazid be esme «Yoga Sobh»":         "create_form Yoga Sobh",
		"ye form dorost kon esmesh «Bootcamp»":              "create_form Bootcamp",
		"form 10 soal 2 ro pak kon":                         "delete_field #10 @1",
		"form 10 soal 2 ro pakesh kon":                      "delete_field #10 @1",
		"soal 2 form 10 ro hazfesh kon":                     "delete_field #10 @1",
		"be form 10 ye soal imeil ezafe konid":              "add_field #10 email",
		"be form 10 ye soal imeil ezaf kon":                 "add_field #10 email",
		"mikham ye form besazam be esme «Daneshkade Honar»": "create_form Daneshkade Honar",
	})
}

// TestFinglishStates: publishing, a draft, closing and deleting said
// in Finglish, English or both.
func TestFinglishStates(t *testing.T) {
	p := New(Config{Contract: 2})
	checkReadings(t, p, map[string]string{
		"form 15 ro montasher konid mamnun":                "publish_form #15",
		"form 15 ro pishnevis kon":                         "draft_form #15",
		"form 15 ro gheire faal kon":                       "disable_form #15",
		"form 15 ro gheyrefaal kon":                        "disable_form #15",
		"form 15 ro beband":                                "disable_form #15",
		"form 15 ro hazf kon":                              "delete_form #15",
		"form 15 ro draft kon bad dobare montasheresh kon": "draft_form #15; publish_form #15",
		"form 15 ro bebandin lotfan":                       "disable_form #15",
		"form 15 ro az pishnevis dar biar":                 "publish_form #15",
		"form 15 ro az halate pishnevis kharej kon":        "publish_form #15",
	})
}

// TestFinglishNegationsAndQuestions: a negated order or a question
// about a form is no plan, whatever the script; with an alternative,
// the alternative is the plan.
func TestFinglishNegationsAndQuestions(t *testing.T) {
	p := New(Config{Contract: 2})
	checkReadings(t, p, map[string]string{
		"form 15 ro pak nakon":                        "none",
		"soal 2 form 15 ro hazf nakonid":              "none",
		"form 15 montasher shode?":                    "none",
		"form 15 soal 2 gozinehash chia bud?":         "none",
		"form 15 ro pak nakon faghat gheyre faal kon": "disable_form #15",
		"form 15 ro hazf nakon, pishnevisesh kon":     "draft_form #15",
	})
}

// TestFinglishSuffixes: a suffix typed on a Finglish word is the
// Persian suffix: the ezafe («soale», «esme»), the plural and its
// ezafe («gozine haye», «gozinehaye»), the pronoun («esmesh»), the
// spoken object marker («formo», «soalo»).
func TestFinglishSuffixesOnWords(t *testing.T) {
	p := New(Config{Contract: 2})
	checkReadings(t, p, map[string]string{
		"soale 3 form 4 ro pak kon":                                               "delete_field #4 @2",
		"esme form 4 ro bezar «Bashgah Sepid»":                                    "update_form_title #4 Bashgah Sepid",
		"form 4 esmesh ro avaz kon be «Kafe Ketab»":                               "update_form_title #4 Kafe Ketab",
		"be form 4 ye soal chand gozinei «size» ba gozine haye S, M, L ezafe kon": "add_field #4 multiple_choice size [S|M|L]",
		"be form 4 ye soal keshooyi «shahr» ezafe kon gozinehaye Tehran, Shiraz":  "add_field #4 dropdown shahr [Tehran|Shiraz]",
		"form 4 esmesho bezar «Kafe Sabz»":                                        "update_form_title #4 Kafe Sabz",
	})
}

// TestFinglishTypesAndFormats: kinds of question and formats said in
// Finglish, with English beside them.
func TestFinglishTypesAndFormats(t *testing.T) {
	p := New(Config{Contract: 2})
	checkReadings(t, p, map[string]string{
		"be form 22 ye soal setarei ezafe kon":                                  "add_field #22 rating",
		"be form 22 ye soal chandgozinei «rang» ezafe kon: sefid, meshki":       "add_field #22 multiple_choice rang [sefid|meshki]",
		"be form 22 ye soal chand entekhabi «varzesh» ezafe kon: shena, futbal": "add_field #22 checkboxes varzesh [shena|futbal]",
		"be form 22 ye soal tarix «روز ثبت نام» ezafe kon":                      "add_field #22 date روز ثبت نام",
		"be form 22 ye soal kootah «موبایل» ezafe kon formatesh mobayl bashe":   "add_field #22 short_text mobile_ir موبایل",
		"form 22 soal 3 formatesh kod meli bashe":                               "update_field #22 @2 national_code",
		"form 22 soal 3 formatesh code posti bashe":                             "update_field #22 @2 postal_code_ir",
		"form 22 soal 3 formatesh link bashe":                                   "update_field #22 @2 url",
		"be form 22 ye soal file «aks profile» ezafe kon":                       "add_field #22 file aks profile",
	})
}

// TestFinglishMixed: one command in Persian letters, Finglish and
// English together, and courtesy around it.
func TestFinglishMixed(t *testing.T) {
	p := New(Config{Contract: 2})
	checkReadings(t, p, map[string]string{
		"salam, be فرم ۳۰ ye سوال کوتاه ezafe kon merci":            "add_field #30 short_text",
		"lotfan form 30 ro publish konid":                           "publish_form #30",
		"mishe soal 2 form 30 ro required koni?":                    "update_field #30 @1 required",
		"فرم ۳۰ رو draft kon bad soal 1 ro hazf kon":                "draft_form #30; delete_field #30 @0",
		"please add ye soal tarikh to form 30":                      "add_field #30 date",
		"ye form besaz «Jashn Tavalod» va montasheresh kon, mamnun": "create_form Jashn Tavalod; publish_form",
	})
}

// TestFinglishNeverDestroysBySound: a word matched by its consonants
// alone is never a verb that deletes, closes or drafts: «hazv», «pk»,
// «hzf» give no plan, where the spellings of the same word do.
func TestFinglishNeverDestroysBySound(t *testing.T) {
	p := New(Config{Contract: 2})
	checkReadings(t, p, map[string]string{
		"form 40 ro hzf kon":      "none",
		"form 40 ro pk kon":       "none",
		"form 40 ro bbnd":         "none",
		"form 40 ro paak kon":     "delete_form #40",
		"form 40 ro hazff kon":    "delete_form #40",
		"form 40 ro pishnvis kon": "none",
	})
	// A word of deleting or drafting in Latin letters is the act only
	// before its light verb: in English grammar or in a title it is a
	// word like any other.
	t.Run("an act only with its light verb", func(t *testing.T) {
		checkReadings(t, p, map[string]string{
			"rename form 7 to Star Pak":               "update_form_title #7 Star Pak",
			"change the title of form 7 to Hazf Cafe": "update_form_title #7 Hazf Cafe",
			"form 7 pak":                  "none",
			"form 7 ro pakesh kon":        "delete_form #7",
			"form 7 soal 2 ro hazf konid": "delete_field #7 @1",
			"form 7 ro pishnevis nakon":   "none",
		})
	})
}

// TestFinglishTitlesKeptAsTyped: a title, wording or option typed in
// Latin letters is kept exactly as typed, even when its words are
// Finglish words of the grammar.
func TestFinglishTitlesKeptAsTyped(t *testing.T) {
	p := New(Config{Contract: 2})
	checkReadings(t, p, map[string]string{
		"ye form besaz be esme «Soal Va Javab»":           "create_form Soal Va Javab",
		"be form 2 ye soal kootah «Esme Shoma» ezafe kon": "add_field #2 short_text Esme Shoma",
		"ye form besaz esmesh «Pak Shop»":                 "create_form Pak Shop",
		"ye form besaz esmesh «Fresh Start»":              "create_form Fresh Start",
	})
}

// TestFinglishPages: a page to open said in Finglish gives no plan and
// the page, as it does in Persian letters.
func TestFinglishPages(t *testing.T) {
	p := New(Config{Contract: 2})
	for text, want := range map[string]string{
		"nataiej form 9 ro neshun bede":        "open_results",
		"mikham natije haye form 9 ro bebinam": "open_results",
		"form 9 ro baz kon":                    "open_builder",
		"form 9 ro too virayeshgar baz konid":  "open_editor",
	} {
		t.Run(text, func(t *testing.T) {
			r := p.Plan(text)
			if r.Plan != nil || r.Navigate == nil || r.Navigate.Action != want {
				t.Errorf("got plan %s, page %+v; want no plan and %s", stepsOf(r), r.Navigate, want)
			}
		})
	}
}

// TestFinglishVersionOne: the same readings in arshline-plan/v1, which
// has no options, formats or question edits beyond its own.
func TestFinglishVersionOne(t *testing.T) {
	p := New(Config{Contract: 1})
	checkReadings(t, p, map[string]string{
		"do ta soal kootah be form 3 ezafe kon":        "add_field #3 short_text; add_field #3 short_text",
		"form 3 ro montasher kon lotfan":               "publish_form #3",
		"form 3 ro pishnevis kon":                      "draft_form #3",
		"esme form 3 ro bezar «Khane Ketab»":           "update_form_title #3 Khane Ketab",
		"form 3 ro pak nakon":                          "none",
		"be form 3 ye soal boland «tozihat» ezafe kon": "add_field #3 long_text tozihat",
	})
}

// FuzzFinglishWord: any Latin token is read without a panic, and a
// word matched by its consonants alone is never one that destroys.
func FuzzFinglishWord(f *testing.F) {
	for _, s := range []string{"soaal", "sval", "su'al", "gozinehaye", "pakesh", "hzf", "xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx", "qqqqqqqqqqqqqqqqqqqqqqqqqqqqqqq", "formo", "E", "do"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, m string) {
		fa, _, fuzzy, ok := finglishWord(m)
		if !ok {
			return
		}
		if fa == "" {
			t.Fatalf("%q read as no word", m)
		}
		if fuzzy && finglishDestroys[fa] {
			t.Fatalf("%q matched by its consonants to the destructive %q", m, fa)
		}
	})
}

// TestFinglishLeavesCapitalisedLabels: a Latin word typed with a
// capital inside a sentence is a name or a label as written, never a
// Finglish word: «Card» among options is no «کرد» (did), which ended
// the list.
func TestFinglishLeavesCapitalisedLabels(t *testing.T) {
	checkReadings(t, New(Config{Contract: 2}), map[string]string{
		"سوال ۳ فرم ۴۷ چندگزینه ای بشه با گزینه های Cash / Card / Wallet":       "update_field #47 @2 multiple_choice [Cash|Card|Wallet]",
		"be form 5 ye soal chand gozinei ezafe kon ba gozine haye Gold, Silver": "add_field #5 multiple_choice [Gold|Silver]",
		"Form 12 ro montasher kon": "publish_form #12",
	})
}
