package smstest

import (
	"encoding/json"
	"net/http"
	"net/url"
	"strings"
	"time"
)

// kavenegar reproduces Kavenegar's REST API (https://kavenegar.com/rest.html;
// the requests as github.com/kavenegar/kavenegar-go sends them):
//
//	POST /v1/{API-KEY}/sms/send.json        receptor, sender, message (form)
//	POST /v1/{API-KEY}/verify/lookup.json   receptor, template, token, token2, token3, token10, token20
//	POST /v1/{API-KEY}/account/info.json
//
// answering {"return":{"status":200,"message":"تایید شد"},"entries":…}
// and, on an error, the same envelope with the error's status (also the
// HTTP status) and the page's message, entries null: 403 invalid key,
// 405 wrong method, 411 invalid receptor, 412 invalid sender, 413 empty
// message, 418 no credit, 424 template not found or not approved, 431 a
// token with spaces, 409 the server cannot answer. A rate limit, which
// the page does not list, comes from the front end as a bare 429.
func kavenegar(f *Fake, w http.ResponseWriter, r *http.Request, body []byte) {
	parts := strings.Split(strings.TrimPrefix(r.URL.Path, "/"), "/")
	if len(parts) != 4 || parts[0] != "v1" {
		kavenegarReturn(w, 404, "متدی با این نام پیدا نشده است", nil)
		return
	}
	if throttled, broken := f.takeFault(); throttled {
		http.Error(w, "429 Too Many Requests", http.StatusTooManyRequests)
		return
	} else if broken {
		kavenegarReturn(w, 409, "سرور قادر به پاسخگوئی نیست بعدا تلاش کنید", nil)
		return
	}
	if parts[1] != f.Key {
		kavenegarReturn(w, 403, "کد شناسائی API-Key معتبر نمی‌باشد", nil)
		return
	}
	if r.Method != http.MethodPost {
		kavenegarReturn(w, 405, "متد فراخوانی Get یا Post اشتباه است", nil)
		return
	}
	form, err := url.ParseQuery(string(body))
	if err != nil || !strings.HasPrefix(r.Header.Get("Content-Type"), "application/x-www-form-urlencoded") && len(body) > 0 {
		kavenegarReturn(w, 400, "پارامترها ناقص هستند", nil)
		return
	}
	method := parts[2] + "/" + parts[3]
	switch method {
	case "account/info.json":
		kavenegarReturn(w, 200, "تایید شد", map[string]any{
			"remaincredit": f.creditLeft() * 1200, "expiredate": time.Now().AddDate(1, 0, 0).Unix(), "type": "master"})
		return
	case "sms/send.json", "verify/lookup.json":
	default:
		kavenegarReturn(w, 404, "متدی با این نام پیدا نشده است", nil)
		return
	}
	to := form.Get("receptor")
	if !mobile09(to) || f.isBlocked(to) {
		kavenegarReturn(w, 411, "گیرنده نامعتبر است", nil)
		return
	}
	m := Message{To: to}
	if method == "sms/send.json" {
		if s := form.Get("sender"); s != "" && s != f.Sender {
			kavenegarReturn(w, 412, "ارسال کننده نامعتبر است", nil)
			return
		}
		if m.Text = form.Get("message"); m.Text == "" {
			kavenegarReturn(w, 413, "پیام خالی است و یا طول پیام بیش از حد مجاز می‌باشد", nil)
			return
		}
	} else {
		m.Pattern = form.Get("template")
		if _, ok, _ := f.pattern(m.Pattern); !ok {
			kavenegarReturn(w, 424, "الگوی مورد نظر پیدا نشد ، زمانی که نام الگو نادرست باشد یا طرح آن هنوز تائید نشده باشد رخ میدهد", nil)
			return
		}
		m.Params = map[string]string{}
		for _, name := range []string{"token", "token2", "token3", "token10", "token20"} {
			v := form.Get(name)
			if v == "" {
				continue
			}
			if (name == "token" || name == "token2" || name == "token3") && strings.ContainsAny(v, " \n_") {
				kavenegarReturn(w, 431, "ساختار کد صحیح نمی‌باشد ، اگر توکن حاوی خط جدید،فاصله، UnderLine یا جداکننده باشد این خطا رخ میدهد", nil)
				return
			}
			m.Params[name] = v
		}
	}
	id, ok := f.accept(m)
	if !ok {
		kavenegarReturn(w, 418, "اعتبار حساب شما کافی نیست", nil)
		return
	}
	kavenegarReturn(w, 200, "تایید شد", []map[string]any{{
		"messageid": id, "message": m.Text, "status": 1, "statustext": "در صف ارسال",
		"sender": f.Sender, "receptor": to, "date": time.Now().Unix(), "cost": 1200,
	}})
}

func kavenegarReturn(w http.ResponseWriter, status int, message string, entries any) {
	w.Header().Set("Content-Type", "application/json; charset=utf-8")
	w.WriteHeader(status)
	_ = json.NewEncoder(w).Encode(map[string]any{
		"return":  map[string]any{"status": status, "message": message},
		"entries": entries,
	})
}
