package smstest

import (
	"encoding/json"
	"net/http"
	"time"
)

// ghasedak reproduces Ghasedak's REST gateway (https://ghasedak.me/docs;
// the requests and answers as github.com/ghasedakapi/ghasedak_sms_go and
// github.com/ghasedakapi/ghasedaksms-php send and read them):
//
//	POST /SendSingleSMS          ApiKey: {key}; {"lineNumber","receptor","message"}
//	POST /SendOtpSMS             ApiKey: {key}; {"receptors":[{"mobile"}],"templateName","inputs":[{"param","value"}]}
//	GET  /GetAccountInformation  ApiKey: {key}
//
// under /Rest/api/v1/WebService on gw.ghasedak.me, answering
// {"isSuccess":true,"statusCode":200,"message":"با موفقیت انجام شد","data":…}
// — the envelope and message of the documents' GetAccountInformation
// sample ({"Data":{"Credit","ExpireDate","Plan"},"IsSuccess":true,
// "StatusCode":200,…}; the clients read the keys without regard to case)
// — with data as the PHP client's DTOs read it (SingleMessageResponseDTO,
// OtpMessageResponseDTO with items, AccountInformationResponseDTO), and a
// refusal as {"isSuccess":false,"statusCode":…,"message":…,"data":null}
// (the clients' own test of failure). The documents refer each refusal to
// their table of errors ("جدول خطاها"), whose rows are not in the public
// material reachable from here, and the clients carry no table of codes:
// 401 for a key, 429 for a rate limit and 500 for a failure are HTTP's,
// every other refusal is 400, and its Persian message is this fake's.
func ghasedak(f *Fake, w http.ResponseWriter, r *http.Request, body []byte) {
	if throttled, broken := f.takeFault(); throttled {
		ghasedakFail(w, 429, "تعداد درخواست‌ها بیش از حد مجاز است")
		return
	} else if broken {
		ghasedakFail(w, 500, "خطای داخلی سرور")
		return
	}
	if r.Header.Get("ApiKey") != f.Key {
		ghasedakFail(w, 401, "کلید وب‌سرویس معتبر نیست")
		return
	}
	now := time.Now().Format(time.RFC3339)
	switch {
	case r.Method == http.MethodGet && r.URL.Path == "/GetAccountInformation":
		ghasedakOK(w, map[string]any{"credit": f.creditLeft() * 1100, "expireDate": time.Now().AddDate(1, 0, 0).Format(time.RFC3339), "plan": "پایه"})
	case r.Method == http.MethodPost && r.URL.Path == "/SendSingleSMS":
		var req struct {
			LineNumber string `json:"lineNumber"`
			Receptor   string `json:"receptor"`
			Message    string `json:"message"`
		}
		if json.Unmarshal(body, &req) != nil || req.Message == "" {
			ghasedakFail(w, 400, "متن پیام الزامی است")
			return
		}
		if req.LineNumber != f.Sender {
			ghasedakFail(w, 400, "شماره خط ارسال‌کننده معتبر نیست")
			return
		}
		if !mobile09(req.Receptor) || f.isBlocked(req.Receptor) {
			ghasedakFail(w, 400, "شماره گیرنده معتبر نیست")
			return
		}
		id, ok := f.accept(Message{To: req.Receptor, Text: req.Message})
		if !ok {
			ghasedakFail(w, 400, "اعتبار حساب کافی نیست")
			return
		}
		ghasedakOK(w, map[string]any{"receptor": req.Receptor, "lineNumber": f.Sender, "cost": 1100,
			"messageId": itoa(id), "message": req.Message, "sendDate": now})
	case r.Method == http.MethodPost && r.URL.Path == "/SendOtpSMS":
		var req struct {
			Receptors []struct {
				Mobile string `json:"mobile"`
			} `json:"receptors"`
			TemplateName string `json:"templateName"`
			Inputs       []struct {
				Param string `json:"param"`
				Value string `json:"value"`
			} `json:"inputs"`
		}
		if json.Unmarshal(body, &req) != nil || len(req.Receptors) != 1 {
			ghasedakFail(w, 400, "درخواست معتبر نیست")
			return
		}
		names, approved, _ := f.pattern(req.TemplateName)
		if !approved {
			ghasedakFail(w, 400, "قالب یافت نشد یا تایید نشده است")
			return
		}
		params := map[string]string{}
		for _, in := range req.Inputs {
			params[in.Param] = in.Value
		}
		if !fitParams(names, params) {
			ghasedakFail(w, 400, "پارامترهای قالب با قالب مطابقت ندارد")
			return
		}
		to := req.Receptors[0].Mobile
		if !mobile09(to) || f.isBlocked(to) {
			ghasedakFail(w, 400, "شماره گیرنده معتبر نیست")
			return
		}
		id, ok := f.accept(Message{To: to, Pattern: req.TemplateName, Params: params})
		if !ok {
			ghasedakFail(w, 400, "اعتبار حساب کافی نیست")
			return
		}
		ghasedakOK(w, map[string]any{"lineNumber": f.Sender, "messageBody": "", "totalCost": "1100",
			"items": []map[string]any{{"receptor": to, "cost": 1100, "messageId": itoa(id), "sendDate": now}}})
	default:
		ghasedakFail(w, 404, "یافت نشد")
	}
}

func ghasedakOK(w http.ResponseWriter, data any) {
	w.Header().Set("Content-Type", "application/json; charset=utf-8")
	_ = json.NewEncoder(w).Encode(map[string]any{"isSuccess": true, "statusCode": 200, "message": "با موفقیت انجام شد", "data": data})
}

func ghasedakFail(w http.ResponseWriter, status int, message string) {
	w.Header().Set("Content-Type", "application/json; charset=utf-8")
	w.WriteHeader(status)
	_ = json.NewEncoder(w).Encode(map[string]any{"isSuccess": false, "statusCode": status, "message": message, "data": nil})
}
