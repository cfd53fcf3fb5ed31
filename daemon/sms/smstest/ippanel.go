package smstest

import (
	"encoding/json"
	"net/http"
	"strings"
	"time"
)

// ippanel reproduces IPPanel's Edge API, which FarazSMS accounts use
// (https://ippanelcom.github.io/Edge-Document/; repository
// ippanelcom/Edge-Document, docs/send/webservice.md, docs/send/pattern.md,
// docs/payment/my-credit.md):
//
//	POST /api/send                 Authorization: {key}; JSON
//	  {"sending_type":"webservice","from_number":"+983000505","message":"…","params":{"recipients":["+989120000000"]}}
//	  {"sending_type":"pattern","from_number":"+983000505","code":"…","recipients":["+989120000000"],"params":{"name":"value"}}
//	GET  /api/payment/credit/mine  Authorization: {key}
//
// answering {"data":{"message_outbox_ids":[1123544244]},"meta":{"status":true,
// "message":"انجام شد","message_parameters":[],"message_code":"200-1"}};
// a key it does not know 401 with message_code 400-1, a refused field 422
// with message_code 400-2 and meta.errors naming it (as the documents'
// validation answers do; the field names and Persian texts for a
// receiver, a sender line, a pattern and credit follow that shape, the
// documents showing only the missing-message one). A rate limit is 429
// and a failure 500, with the same envelope.
func ippanel(f *Fake, w http.ResponseWriter, r *http.Request, body []byte) {
	if throttled, broken := f.takeFault(); throttled {
		ippanelMeta(w, 429, "429-1", "تعداد درخواست‌ها بیش از حد مجاز است", nil)
		return
	} else if broken {
		ippanelMeta(w, 500, "500-1", "خطای سرور", nil)
		return
	}
	if r.Header.Get("Authorization") != f.Key {
		ippanelMeta(w, 401, "400-1", "اطلاعات وارد شده صحیح نمی باشد", map[string][]string{})
		return
	}
	switch {
	case r.Method == http.MethodGet && r.URL.Path == "/api/payment/credit/mine":
		ippanelData(w, map[string]any{"credit": float64(f.creditLeft()) * 1180.5, "yesterday_credit": 0, "gift": 0,
			"gift_expires_at": nil, "updated_at": time.Now().UTC().Format("2006-01-02 15:04:05")})
		return
	case r.Method == http.MethodPost && r.URL.Path == "/api/send":
	default:
		ippanelMeta(w, 404, "404-1", "یافت نشد", map[string][]string{})
		return
	}
	var req struct {
		SendingType string          `json:"sending_type"`
		From        string          `json:"from_number"`
		Message     string          `json:"message"`
		Code        string          `json:"code"`
		Recipients  []string        `json:"recipients"`
		Params      json.RawMessage `json:"params"`
	}
	if json.Unmarshal(body, &req) != nil {
		ippanelMeta(w, 422, "400-2", "داده‌های ارسالی معتبر نیست", map[string][]string{"body": {"داده‌های ارسالی معتبر نیست"}})
		return
	}
	if req.From != f.Sender {
		ippanelMeta(w, 422, "400-2", "شماره فرستنده معتبر نیست", map[string][]string{"from_number": {"شماره فرستنده معتبر نیست"}})
		return
	}
	m := Message{}
	field := "recipients.0"
	switch req.SendingType {
	case "webservice":
		var p struct {
			Recipients []string `json:"recipients"`
		}
		_ = json.Unmarshal(req.Params, &p)
		req.Recipients, field = p.Recipients, "params.recipients.0"
		if m.Text = req.Message; m.Text == "" {
			ippanelMeta(w, 422, "400-2", "تکمیل گزینه پیام الزامی است", map[string][]string{"message": {"تکمیل گزینه پیام الزامی است"}})
			return
		}
	case "pattern":
		names, approved, _ := f.pattern(req.Code)
		if !approved {
			ippanelMeta(w, 422, "400-2", "الگو یافت نشد یا تایید نشده است", map[string][]string{"code": {"الگو یافت نشد یا تایید نشده است"}})
			return
		}
		m.Pattern, m.Params = req.Code, map[string]string{}
		if json.Unmarshal(req.Params, &m.Params) != nil || !fitParams(names, m.Params) {
			ippanelMeta(w, 422, "400-2", "پارامترهای الگو معتبر نیست", map[string][]string{"params": {"پارامترهای الگو معتبر نیست"}})
			return
		}
	default:
		ippanelMeta(w, 422, "400-2", "نوع ارسال معتبر نیست", map[string][]string{"sending_type": {"نوع ارسال معتبر نیست"}})
		return
	}
	if len(req.Recipients) != 1 || !strings.HasPrefix(req.Recipients[0], "+98") ||
		!mobile09("0"+strings.TrimPrefix(req.Recipients[0], "+98")) || f.isBlocked("0"+strings.TrimPrefix(req.Recipients[0], "+98")) {
		ippanelMeta(w, 422, "400-2", "شماره گیرنده معتبر نیست", map[string][]string{field: {"شماره گیرنده معتبر نیست"}})
		return
	}
	m.To = req.Recipients[0]
	id, ok := f.accept(m)
	if !ok {
		ippanelMeta(w, 422, "400-2", "اعتبار حساب برای ارسال کافی نیست", map[string][]string{})
		return
	}
	ippanelData(w, map[string]any{"message_outbox_ids": []int64{id}})
}

func ippanelData(w http.ResponseWriter, data any) {
	w.Header().Set("Content-Type", "application/json")
	_ = json.NewEncoder(w).Encode(map[string]any{"data": data, "meta": map[string]any{
		"status": true, "message": "انجام شد", "message_parameters": []any{}, "message_code": "200-1"}})
}

func ippanelMeta(w http.ResponseWriter, status int, code, message string, errs map[string][]string) {
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(status)
	meta := map[string]any{"status": false, "message": message, "message_parameters": []any{}, "message_code": code}
	if errs != nil {
		meta["errors"] = errs
	}
	_ = json.NewEncoder(w).Encode(map[string]any{"data": nil, "meta": meta})
}
