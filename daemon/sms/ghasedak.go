package sms

import (
	"bytes"
	"context"
	"encoding/json"
	"strconv"
	"strings"
)

// ghasedak follows Ghasedak's REST gateway (https://ghasedak.me/docs) as
// its official clients send it (github.com/ghasedakapi/ghasedak_sms_go,
// ghasedak.go; github.com/ghasedakapi/ghasedaksms-php,
// src/GhasedaksmsApi.php and its response DTOs): the key in an ApiKey
// header, JSON bodies, POST SendSingleSMS, POST SendOtpSMS (a template
// with named inputs), GET GetAccountInformation, and every answer
// {"isSuccess":bool,"statusCode":int,"message":…,"data":…}.
type ghasedak struct {
	h      *httpClient
	sender string
}

func (g *ghasedak) Name() string { return Ghasedak }

type ghasedakAnswer struct {
	IsSuccess  bool            `json:"isSuccess"`
	StatusCode int             `json:"statusCode"`
	Message    string          `json:"message"`
	Data       json.RawMessage `json:"data"`
}

func (g *ghasedak) Send(ctx context.Context, to, text string) (string, error) {
	to, err := Receiver(to)
	if err != nil {
		return "", err
	}
	var data struct {
		MessageID json.RawMessage `json:"messageId"`
	}
	if err := g.call(ctx, "POST", "/SendSingleSMS", map[string]any{"lineNumber": g.sender, "receptor": to, "message": text}, &data); err != nil {
		return "", err
	}
	return g.id(data.MessageID)
}

func (g *ghasedak) SendPattern(ctx context.Context, to string, p Pattern) (string, error) {
	to, err := Receiver(to)
	if err != nil {
		return "", err
	}
	inputs := make([]map[string]string, 0, len(p.Params))
	for _, prm := range p.Params {
		inputs = append(inputs, map[string]string{"param": prm.Name, "value": prm.Value})
	}
	var data struct {
		Items []struct {
			MessageID json.RawMessage `json:"messageId"`
		} `json:"items"`
	}
	body := map[string]any{
		"receptors":    []map[string]string{{"mobile": to}},
		"templateName": p.Code,
		"inputs":       inputs,
		"udh":          false,
	}
	if err := g.call(ctx, "POST", "/SendOtpSMS", body, &data); err != nil {
		return "", err
	}
	if len(data.Items) == 0 {
		return "", g.h.fail(KindBadAnswer, 200, "", "no items in the answer", nil)
	}
	return g.id(data.Items[0].MessageID)
}

func (g *ghasedak) Balance(ctx context.Context) (Balance, error) {
	var data struct {
		Credit float64 `json:"credit"`
	}
	if err := g.call(ctx, "GET", "/GetAccountInformation", nil, &data); err != nil {
		return Balance{}, err
	}
	// GetAccountInformation gives "the rial amount of the credit left"
	// (https://ghasedak.me/docs, اطلاعات کاربری).
	return Balance{Amount: data.Credit, Unit: "rial"}, nil
}

// id reads a message id the clients type as a string and the gateway
// may send as a number.
func (g *ghasedak) id(raw json.RawMessage) (string, error) {
	var s string
	if json.Unmarshal(raw, &s) == nil && s != "" {
		return s, nil
	}
	var n json.Number
	if json.Unmarshal(raw, &n) == nil && n != "" {
		return n.String(), nil
	}
	return "", g.h.fail(KindBadAnswer, 200, "", "no messageId in the answer", nil)
}

func (g *ghasedak) call(ctx context.Context, method, path string, body any, out any) error {
	rd := bytes.NewReader(nil)
	if body != nil {
		b, _ := json.Marshal(body)
		rd = bytes.NewReader(b)
	}
	a, err := g.h.do(ctx, method, path, "application/json", rd, map[string]string{"ApiKey": g.h.key})
	if err != nil {
		return err
	}
	var ans ghasedakAnswer
	if json.Unmarshal(a.body, &ans) != nil || ans.StatusCode == 0 {
		if kind, ok := byHTTPStatus(a.status); ok {
			return g.h.fail(kind, a.status, "", string(a.body), nil)
		}
		return g.h.fail(KindBadAnswer, a.status, "", string(a.body), nil)
	}
	// The official PHP client's test of success: isSuccess and data.
	if !ans.IsSuccess || len(ans.Data) == 0 || string(ans.Data) == "null" || a.status >= 300 {
		return g.h.fail(ghasedakKind(a.status, ans.StatusCode, ans.Message), a.status, strconv.Itoa(ans.StatusCode), ans.Message, nil)
	}
	if err := json.Unmarshal(ans.Data, out); err != nil {
		return g.h.fail(KindBadAnswer, a.status, "", "data: "+err.Error(), nil)
	}
	return nil
}

// ghasedakKind reads a refusal. The clients pass statusCode and message
// on without a table of codes, so the class comes from the status (401
// or 403 a refused key, 429 a rate limit, 5xx the gateway's failure)
// and otherwise from what the gateway's Persian message is about:
// credit (اعتبار), a template (قالب, الگو), the receiver (گیرنده) or the
// line (خط).
func ghasedakKind(httpStatus, statusCode int, message string) Kind {
	if kind, ok := byHTTPStatus(statusCode); ok {
		return kind
	}
	if kind, ok := byHTTPStatus(httpStatus); ok {
		return kind
	}
	lower := strings.ToLower(message)
	switch {
	case strings.Contains(message, "اعتبار") || strings.Contains(lower, "credit"):
		return KindNoCredit
	case strings.Contains(message, "قالب") || strings.Contains(message, "الگو") || strings.Contains(lower, "template"):
		return KindPatternNotApproved
	case strings.Contains(message, "گیرنده") || strings.Contains(lower, "receptor"):
		return KindInvalidReceiver
	case strings.Contains(message, "خط") || strings.Contains(lower, "linenumber"):
		return KindInvalidSender
	}
	return KindRejected
}
