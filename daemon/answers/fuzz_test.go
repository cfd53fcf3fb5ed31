package answers

import (
	"encoding/json"
	"reflect"
	"testing"

	"github.com/arshline/arshline-sidecar/daemon/document"
	"github.com/arshline/arshline-sidecar/daemon/domain"
	"github.com/arshline/arshline-sidecar/daemon/messages"
)

// FuzzValidate sends random answers to a few documents: the body as it
// arrives, and one typed text given to every field the body leaves out
// (as a JSON string, and for even which as the bare JSON it may be), so
// each type's reading meets arbitrary text. Nothing panics;
// every refusal is a domain error of a submission's codes, and an
// INVALID_SUBMISSION lists fields once each, with both messages, document
// fields in document order before unknown ids; every accepted answer
// keeps the bytes sent, and the normalised values sent again are accepted
// as the same values.
func FuzzValidate(f *testing.F) {
	docs := []*document.Document{parse(f, everyType), parse(f, showIfDoc), parse(f, tenFields)}
	loose := relaxed(docs[0])
	f.Add(uint8(0), "۱۴۰۳/۱۲/۳۰", `{"name":"علي","grid":{"کیفیت":"خوب","قیمت":"بد"},"mobile":"+989121234567","count":"۱۲٫۵","langs":["c","a"],"visit":"۱۴۰۳/۱۲/۳۰","docs":[{"upload_id":"u1"}]}`)
	f.Add(uint8(1), "+98 912 123 4567", `{"name":" ك ","grid":{"کیفیت":"خوب"},"nc":"1234567890","visit":"1404/12/30","born":"2023-02-29","stars":3.5,"sec":1,"zz":null}`)
	f.Add(uint8(3), "٣", `{"name":"ab\n\tc\u200c","bio":"\r\n x \u200c","temp":"−۱۲٬۵۰۰","stepped":"٧","grid2":{"r1":"c1","r2":null},"en":"O'Neil","fa":"مسئله","at":"9:05"}`)
	f.Add(uint8(4), "x", `{"a":"o2","b":"x","c":"بلي","d":"y","e":"z","g":["x"],"f":"1","n":3,"h":"h"}`)
	f.Add(uint8(7), "", `{"a":"o1","b":"x","s":"x","n":"3.0","k":1}`)
	f.Add(uint8(2), "[\"a\"]", benchBody)
	f.Add(uint8(8), `{"r1":"c1"}`, `{}`)
	f.Add(uint8(5), "0012345679", `{"a":"o2","b":"۰۰۱۲۳۴۵۶۷۹"}`)
	f.Fuzz(func(t *testing.T, which uint8, typed, body string) {
		d := docs[int(which)%len(docs)]
		answers, err := Decode([]byte(body), Options{})
		if err != nil {
			wellFormed(t, d, err, domain.CodeInvalidParams)
			return
		}
		var plain map[string]json.RawMessage
		if err := json.Unmarshal([]byte(body), &plain); err != nil || len(plain) != len(answers) {
			t.Fatalf("Decode accepted what encoding/json reads otherwise: %v %d %d", err, len(plain), len(answers))
		}
		for k, v := range plain {
			if string(answers[k]) != string(v) {
				t.Fatalf("%q: %s, encoding/json %s", k, answers[k], v)
			}
		}
		text, _ := json.Marshal(typed)
		bare := json.RawMessage(typed)
		if which%2 == 1 || !json.Valid(bare) {
			bare = text
		}
		// Each field alone, with nothing required or hidden: the typed
		// text is judged by every type's reading.
		for _, fd := range loose.Fields {
			for _, sent := range []json.RawMessage{text, bare} {
				stable(t, loose, map[string]json.RawMessage{fd.ID: sent})
			}
		}
		for i, fd := range d.Fields {
			if _, sent := answers[fd.ID]; !sent {
				if i%2 == 0 {
					answers[fd.ID] = text
				} else {
					answers[fd.ID] = bare
				}
			}
		}
		stable(t, d, answers)
	})
}

// stable validates answers; a refusal must be well-formed, an acceptance
// must keep the bytes sent and accept its own normalised values as the
// same values.
func stable(t *testing.T, d *document.Document, answers map[string]json.RawMessage) {
	t.Helper()
	{
		res, err := Validate(d, answers, Options{})
		if err != nil {
			wellFormed(t, d, err)
			return
		}
		if _, err := json.Marshal(res); err != nil {
			t.Fatalf("an accepted result does not encode: %v", err)
		}
		again := map[string]json.RawMessage{}
		for _, a := range res.Answers {
			if want := answers[a.Field]; a.Type == "file" {
				if len(a.Typed) != 0 {
					t.Fatalf("%s: a file answer typed %s", a.Field, a.Typed)
				}
			} else if string(a.Typed) != string(want) {
				t.Fatalf("%s: typed %s, sent %s", a.Field, a.Typed, answers[a.Field])
			}
			b, err := json.Marshal(a.Value)
			if err != nil {
				t.Fatalf("%s: value %#v does not encode: %v", a.Field, a.Value, err)
			}
			again[a.Field] = b
		}
		res2, err := Validate(d, again, Options{})
		if err != nil {
			t.Fatalf("normalised answers refused: %v %+v\nfirst %s\nagain %s", err, FieldErrors(err), show(answers), show(again))
		}
		if !reflect.DeepEqual(res.Values(), res2.Values()) {
			t.Fatalf("normalising is not stable:\n%#v\n%#v", res.Values(), res2.Values())
		}
		// Stored and read back, the answers count as they did judged.
		stored, err := EncodeStored(res.Answers, nil)
		if err != nil {
			t.Fatalf("accepted answers do not store: %v", err)
		}
		facts, err := FactsOf(stored)
		if err != nil || !sameFacts(facts, Facts(res.Answers)) {
			t.Fatalf("stored %s counts %v (%v), judged %v", stored, facts, err, Facts(res.Answers))
		}
	}
}

func show(m map[string]json.RawMessage) string {
	b, _ := json.Marshal(m)
	return string(b)
}

// relaxed is d with nothing required and nothing hidden.
func relaxed(d *document.Document) *document.Document {
	c := *d
	c.Fields = append([]document.Field(nil), d.Fields...)
	for i := range c.Fields {
		c.Fields[i].Required, c.Fields[i].ShowIf = nil, nil
	}
	return &c
}

func wellFormed(t *testing.T, d *document.Document, err error, also ...domain.Code) {
	t.Helper()
	de, ok := err.(*domain.Error)
	if !ok {
		t.Fatalf("not a domain error: %v", err)
	}
	if de.Text().String() == "" || messages.Render("fa_IR", de.Text()) == "" {
		t.Fatalf("no message: %v", de)
	}
	switch de.Code {
	case CodeTooLarge:
		return
	case CodeInvalidSubmission:
	default:
		for _, c := range also {
			if de.Code == c {
				return
			}
		}
		t.Fatalf("code %s: %v", de.Code, err)
	}
	fields := FieldErrors(err)
	if len(fields) == 0 {
		t.Fatalf("INVALID_SUBMISSION without fields: %v", de.Data)
	}
	index := map[string]int{}
	for i, f := range d.Fields {
		index[f.ID] = i
	}
	seen := map[string]bool{}
	last, unknownSeen := -1, false
	for _, f := range fields {
		if f.Field == "" && f.Code != ReasonUnknownField && f.Code != ReasonDuplicate || len(f.Field) > 64+len("…") ||
			f.Code == "" || f.MessageFA == "" || f.MessageEN == "" {
			t.Fatalf("entry %+v", f)
		}
		if seen[f.Field] && len(f.Field) <= 64 {
			t.Fatalf("%s listed twice: %+v", f.Field, fields)
		}
		seen[f.Field] = true
		i, known := index[f.Field]
		switch {
		case !known && f.Code != ReasonUnknownField && f.Code != ReasonDuplicate:
			t.Fatalf("unknown id %s with code %s", f.Field, f.Code)
		case known && (unknownSeen || i < last):
			t.Fatalf("not in document order: %+v", fields)
		case known:
			last = i
		default:
			unknownSeen = true
		}
	}
}
