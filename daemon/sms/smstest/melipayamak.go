package smstest

import (
	"encoding/json"
	"net/http"
	"strconv"
	"strings"
)

// melipayamak reproduces Melipayamak's REST web service (the requests as
// github.com/Melipayamak/melipayamak-Go-golang, RestClient.go, sends
// them):
//
//	POST /api/SendSMS/SendSMS            {"username","password","to","from","text","isFlash"}
//	POST /api/SendSMS/BaseServiceNumber  {"username","password","to","bodyId","text":"arg1;arg2"}
//	POST /api/SendSMS/GetCredit          {"UserName","PassWord"}
//
// every answer {"Value":…,"RetStatus":…,"StrRetStatus":…}: a sent
// message's recId (more than 15 digits) in Value with RetStatus 1.
// SendSMS's codes follow https://www.melipayamak.com/api/sendsms/ and
// https://www.melipayamak.com/api/sendsimplesms/ ("مقدار بازگشتی"): 0 a
// wrong username or password, 2 not enough credit, 3 the daily limit, 5
// a sender line that is not valid, 7 a text holding a filtered word, 14
// a text holding a link; and, on the REST service, 16 no valid receiver
// and 35 (InvalidData) a number on the operators' black list. A refused
// SendSMS answers Value "0" with RetStatus the code.
// BaseServiceNumber's follow https://www.melipayamak.com/api/sendbybasenumber2/
// (the same method behind the shared service line): Value -4 a bodyId
// wrong or not approved, -5 a text that does not fit the body's
// variables, and the SendSMS codes above, with RetStatus 1. GetCredit
// (https://www.melipayamak.com/api/getcredit/) answers the panel's count
// of messages in Value. A failure is ASP.NET's 500
// {"Message":"An error has occurred."}. The StrRetStatus words are this
// fake's.
func melipayamak(f *Fake, w http.ResponseWriter, r *http.Request, body []byte) {
	if throttled, broken := f.takeFault(); throttled {
		melipayamakAnswer(w, "0", 3, "DailyLimit")
		return
	} else if broken {
		w.Header().Set("Content-Type", "application/json; charset=utf-8")
		w.WriteHeader(http.StatusInternalServerError)
		_, _ = w.Write([]byte(`{"Message":"An error has occurred."}`))
		return
	}
	if r.Method != http.MethodPost || !strings.HasPrefix(r.URL.Path, "/api/SendSMS/") {
		http.NotFound(w, r)
		return
	}
	var raw map[string]string
	if json.Unmarshal(body, &raw) != nil {
		melipayamakAnswer(w, "0", 35, "InvalidData")
		return
	}
	// ASP.NET binds names without regard to case.
	req := map[string]string{}
	for k, v := range raw {
		req[strings.ToLower(k)] = v
	}
	user, pass, _ := strings.Cut(f.Key, ":")
	if req["username"] != user || req["password"] != pass {
		melipayamakAnswer(w, "0", 0, "InvalidUserPass")
		return
	}
	method := strings.TrimPrefix(r.URL.Path, "/api/SendSMS/")
	switch method {
	case "GetCredit":
		melipayamakAnswer(w, strconv.FormatFloat(float64(f.creditLeft())+0.5, 'f', 1, 64), 1, "Ok")
	case "SendSMS":
		if req["from"] != f.Sender {
			melipayamakAnswer(w, "0", 5, "InvalidSender")
			return
		}
		if !mobile09(req["to"]) {
			melipayamakAnswer(w, "0", 16, "InvalidRecipient")
			return
		}
		if f.isBlocked(req["to"]) {
			melipayamakAnswer(w, "0", 35, "InvalidData")
			return
		}
		if f.isFiltered(req["text"]) {
			melipayamakAnswer(w, "0", 7, "FilteredWord")
			return
		}
		if hasLink(req["text"]) {
			melipayamakAnswer(w, "0", 14, "LinkInText")
			return
		}
		id, ok := f.accept(Message{To: req["to"], Text: req["text"]})
		if !ok {
			melipayamakAnswer(w, "0", 2, "CreditNotEnough")
			return
		}
		melipayamakAnswer(w, recID(id), 1, "Ok")
	case "BaseServiceNumber":
		names, approved, _ := f.pattern(req["bodyid"])
		switch {
		case !approved:
			melipayamakAnswer(w, "-4", 1, "Ok")
			return
		case !mobile09(req["to"]):
			melipayamakAnswer(w, "16", 1, "Ok")
			return
		case f.isBlocked(req["to"]):
			melipayamakAnswer(w, "35", 1, "Ok")
			return
		}
		values := strings.Split(req["text"], ";")
		if len(values) != len(names) {
			melipayamakAnswer(w, "-5", 1, "Ok")
			return
		}
		params := map[string]string{}
		for i, n := range names {
			params[n] = values[i]
		}
		id, ok := f.accept(Message{To: req["to"], Pattern: req["bodyid"], Params: params})
		if !ok {
			melipayamakAnswer(w, "2", 1, "Ok")
			return
		}
		melipayamakAnswer(w, recID(id), 1, "Ok")
	default:
		http.NotFound(w, r)
	}
}

// hasLink reports whether text holds a web address, which the operators
// refuse in a text from a shared line.
func hasLink(text string) bool {
	t := strings.ToLower(text)
	return strings.Contains(t, "http://") || strings.Contains(t, "https://") || strings.Contains(t, "www.")
}

// recID is a message id as Melipayamak writes one: 19 digits.
func recID(id int64) string { return "52436906270" + strconv.FormatInt(10000000+id%10000000, 10) }

func melipayamakAnswer(w http.ResponseWriter, value string, ret int, str string) {
	w.Header().Set("Content-Type", "application/json; charset=utf-8")
	_ = json.NewEncoder(w).Encode(map[string]any{"Value": value, "RetStatus": ret, "StrRetStatus": str})
}
