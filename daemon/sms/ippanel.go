package sms

import (
	"bytes"
	"context"
	"encoding/json"
	"strings"
)

// ippanel follows IPPanel's Edge API, which FarazSMS accounts use too
// (https://ippanelcom.github.io/Edge-Document/, repository
// ippanelcom/Edge-Document: docs/send/webservice.md, docs/send/pattern.md,
// docs/payment/my-credit.md): the key in the Authorization header as it
// is, JSON bodies, numbers in E.164 (+989121234567), and every answer
// {"data":…,"meta":{"status":bool,"message":…,"message_code":…,"errors":…}}.
type ippanel struct {
	h      *httpClient
	sender string
}

func (p *ippanel) Name() string { return IPPanel }

type ippanelAnswer struct {
	Data json.RawMessage `json:"data"`
	Meta struct {
		Status      bool                `json:"status"`
		Message     string              `json:"message"`
		MessageCode string              `json:"message_code"`
		Errors      map[string][]string `json:"errors"`
	} `json:"meta"`
}

func (p *ippanel) Send(ctx context.Context, to, text string) (string, error) {
	to, err := Receiver(to)
	if err != nil {
		return "", err
	}
	return p.send(ctx, map[string]any{
		"sending_type": "webservice",
		"from_number":  p.sender,
		"message":      text,
		"params":       map[string]any{"recipients": []string{e164(to)}},
	})
}

func (p *ippanel) SendPattern(ctx context.Context, to string, pat Pattern) (string, error) {
	to, err := Receiver(to)
	if err != nil {
		return "", err
	}
	params := make(map[string]string, len(pat.Params))
	for _, prm := range pat.Params {
		params[prm.Name] = prm.Value
	}
	return p.send(ctx, map[string]any{
		"sending_type": "pattern",
		"from_number":  p.sender,
		"code":         pat.Code,
		"recipients":   []string{e164(to)},
		"params":       params,
	})
}

func (p *ippanel) send(ctx context.Context, body map[string]any) (string, error) {
	var data struct {
		IDs []json.Number `json:"message_outbox_ids"`
	}
	if err := p.call(ctx, "POST", "/api/send", body, &data); err != nil {
		return "", err
	}
	if len(data.IDs) == 0 {
		return "", p.h.fail(KindBadAnswer, 200, "", "no message_outbox_ids in the answer", nil)
	}
	return data.IDs[0].String(), nil
}

func (p *ippanel) Balance(ctx context.Context) (Balance, error) {
	var data struct {
		Credit float64 `json:"credit"`
	}
	if err := p.call(ctx, "GET", "/api/payment/credit/mine", nil, &data); err != nil {
		return Balance{}, err
	}
	return Balance{Amount: data.Credit, Unit: "credit"}, nil
}

func (p *ippanel) call(ctx context.Context, method, path string, body any, out any) error {
	rd := bytes.NewReader(nil)
	if body != nil {
		b, _ := json.Marshal(body)
		rd = bytes.NewReader(b)
	}
	a, err := p.h.do(ctx, method, path, "application/json", rd, map[string]string{"Authorization": p.h.key})
	if err != nil {
		return err
	}
	var ans ippanelAnswer
	if json.Unmarshal(a.body, &ans) != nil || (ans.Meta.MessageCode == "" && !ans.Meta.Status) {
		if kind, ok := byHTTPStatus(a.status); ok {
			return p.h.fail(kind, a.status, "", string(a.body), nil)
		}
		return p.h.fail(KindBadAnswer, a.status, "", string(a.body), nil)
	}
	if !ans.Meta.Status || a.status >= 300 {
		msg := ans.Meta.Message
		for field, errs := range ans.Meta.Errors {
			if len(errs) > 0 && !strings.Contains(msg, errs[0]) {
				msg += " (" + field + ": " + strings.Join(errs, "، ") + ")"
			}
		}
		return p.h.fail(ippanelKind(a.status, ans.Meta.Message, ans.Meta.Errors), a.status, ans.Meta.MessageCode, msg, nil)
	}
	if err := json.Unmarshal(ans.Data, out); err != nil {
		return p.h.fail(KindBadAnswer, a.status, "", "data: "+err.Error(), nil)
	}
	return nil
}

// ippanelKind reads an Edge answer. The documents give 401 (message_code
// 400-1) for a key or token that is not valid, 422 (400-2) with
// meta.errors naming each refused field, and 404 (404-1) for a pattern
// that does not exist. They document no code for a lack of credit: the
// panel's message about credit (اعتبار) is read for it.
func ippanelKind(status int, message string, fields map[string][]string) Kind {
	if kind, ok := byHTTPStatus(status); ok {
		return kind
	}
	if strings.Contains(message, "اعتبار") || strings.Contains(strings.ToLower(message), "credit") {
		return KindNoCredit
	}
	if status == 404 {
		return KindPatternNotApproved
	}
	for field := range fields {
		switch {
		case strings.HasPrefix(field, "recipients") || strings.HasPrefix(field, "params.recipients"):
			return KindInvalidReceiver
		case field == "from_number":
			return KindInvalidSender
		case field == "code" || strings.HasPrefix(field, "params"):
			return KindPatternNotApproved
		}
	}
	return KindRejected
}
