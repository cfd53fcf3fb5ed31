package sms

import (
	"context"
	"encoding/json"
	"net/url"
	"strconv"
	"strings"

	"github.com/arshline/arshline-sidecar/daemon/domain"
)

// kavenegar follows Kavenegar's REST API (https://kavenegar.com/rest.html)
// as its official Go client sends it (github.com/kavenegar/kavenegar-go,
// client.go, message_send.go, verify_lookup.go, account_Info.go): the key
// is in the path, POST /v1/{key}/{scope}/{method}.json with a form body,
// and every answer is {"return":{"status":…,"message":…},"entries":…},
// the HTTP status equal to return.status.
type kavenegar struct {
	h      *httpClient
	sender string
}

func (k *kavenegar) Name() string { return Kavenegar }

// kavenegarMessage is one entry of sms/send and verify/lookup.
type kavenegarMessage struct {
	MessageID int64  `json:"messageid"`
	Status    int    `json:"status"`
	Receptor  string `json:"receptor"`
	Cost      int    `json:"cost"`
}

type kavenegarAnswer struct {
	Return struct {
		Status  int    `json:"status"`
		Message string `json:"message"`
	} `json:"return"`
	Entries json.RawMessage `json:"entries"`
}

func (k *kavenegar) Send(ctx context.Context, to, text string) (string, error) {
	to, err := Receiver(to)
	if err != nil {
		return "", err
	}
	form := url.Values{"receptor": {to}, "message": {text}}
	if k.sender != "" {
		// Without a sender Kavenegar uses the account's default line.
		form.Set("sender", k.sender)
	}
	var entries []kavenegarMessage
	if err := k.call(ctx, "sms/send", form, &entries); err != nil {
		return "", err
	}
	if len(entries) == 0 {
		return "", k.h.fail(KindBadAnswer, 200, "", "no entry in the answer", nil)
	}
	return strconv.FormatInt(entries[0].MessageID, 10), nil
}

// kavenegarTokens are the names verify/lookup takes: token, token2 and
// token3 hold no spaces, token10 and token20 may.
var kavenegarTokens = map[string]bool{"token": true, "token2": true, "token3": true, "token10": true, "token20": true}

func (k *kavenegar) SendPattern(ctx context.Context, to string, p Pattern) (string, error) {
	to, err := Receiver(to)
	if err != nil {
		return "", err
	}
	form := url.Values{"receptor": {to}, "template": {p.Code}}
	for _, prm := range p.Params {
		if !kavenegarTokens[prm.Name] {
			return "", domain.InvalidParams("Kavenegar patterns take the parameters token, token2, token3, token10 and token20; %s is not one of them", prm.Name).With("param", "pattern.params")
		}
		form.Set(prm.Name, prm.Value)
	}
	if form.Get("token") == "" {
		return "", domain.InvalidParams("a Kavenegar pattern needs the parameter token").With("param", "pattern.params")
	}
	// verify/lookup's entries are a list in the answer (the Go client's
	// MessageResult), one message per receptor.
	var entries []kavenegarMessage
	if err := k.call(ctx, "verify/lookup", form, &entries); err != nil {
		return "", err
	}
	if len(entries) == 0 {
		return "", k.h.fail(KindBadAnswer, 200, "", "no entry in the answer", nil)
	}
	return strconv.FormatInt(entries[0].MessageID, 10), nil
}

func (k *kavenegar) Balance(ctx context.Context) (Balance, error) {
	var info struct {
		RemainCredit float64 `json:"remaincredit"`
	}
	if err := k.call(ctx, "account/info", url.Values{}, &info); err != nil {
		return Balance{}, err
	}
	// remaincredit is in rials (the REST page's account/info).
	return Balance{Amount: info.RemainCredit, Unit: "rial"}, nil
}

// call posts form to method and decodes the entries into out.
func (k *kavenegar) call(ctx context.Context, method string, form url.Values, out any) error {
	path := "/v1/" + url.PathEscape(k.h.key) + "/" + method + ".json"
	a, err := k.h.do(ctx, "POST", path, "application/x-www-form-urlencoded", strings.NewReader(form.Encode()), nil)
	if err != nil {
		return err
	}
	var ans kavenegarAnswer
	if json.Unmarshal(a.body, &ans) != nil || ans.Return.Status == 0 {
		if kind, ok := byHTTPStatus(a.status); ok {
			return k.h.fail(kind, a.status, "", string(a.body), nil)
		}
		return k.h.fail(KindBadAnswer, a.status, "", string(a.body), nil)
	}
	if ans.Return.Status != 200 || a.status != 200 {
		code := ans.Return.Status
		return k.h.fail(kavenegarKind(code, a.status), a.status, strconv.Itoa(code), ans.Return.Message, nil)
	}
	if err := json.Unmarshal(ans.Entries, out); err != nil {
		return k.h.fail(KindBadAnswer, a.status, "", "entries: "+err.Error(), nil)
	}
	return nil
}

// kavenegarKind reads the return.status codes of the REST page's error
// table: 401 account disabled, 403 invalid key, 407 no access, 416 this
// server's IP not the registered one; 411 invalid receptor; 412 invalid
// sender; 418 not enough credit; 424 template not found or not approved,
// 431 and 432 a token that does not fit it; 409 the server cannot answer.
// Kavenegar documents no rate-limit status; a 429 from its front end is
// one all the same.
func kavenegarKind(code, status int) Kind {
	switch code {
	case 401, 403, 407, 416:
		return KindInvalidKey
	case 411:
		return KindInvalidReceiver
	case 412:
		return KindInvalidSender
	case 418:
		return KindNoCredit
	case 424, 431, 432:
		return KindPatternNotApproved
	case 409:
		return KindServerError
	case 429:
		return KindRateLimited
	}
	if code >= 500 || status >= 500 {
		return KindServerError
	}
	return KindRejected
}
