package sms

import (
	"bytes"
	"context"
	"encoding/json"
	"strconv"
	"strings"
)

// melipayamak follows Melipayamak's REST web service
// (https://www.melipayamak.com/api/ : SendSMS, BaseServiceNumber,
// GetCredit) as its official Go client sends it
// (github.com/Melipayamak/melipayamak-Go-golang, RestClient.go): POST
// https://rest.payamak-panel.com/api/SendSMS/{method} with a JSON object
// of strings holding the username and password, and every answer
// {"Value":…,"RetStatus":…,"StrRetStatus":…}. A message's id (recId) is
// a number of more than 15 digits in Value; anything else in Value, or a
// RetStatus other than 1, is one of the documented codes.
type melipayamak struct {
	h          *httpClient
	user, pass string
	sender     string
}

func (m *melipayamak) Name() string { return Melipayamak }

type melipayamakAnswer struct {
	Value        json.RawMessage `json:"Value"`
	RetStatus    int             `json:"RetStatus"`
	StrRetStatus string          `json:"StrRetStatus"`
}

func (m *melipayamak) Send(ctx context.Context, to, text string) (string, error) {
	to, err := Receiver(to)
	if err != nil {
		return "", err
	}
	return m.send(ctx, "SendSMS", map[string]string{
		"username": m.user, "password": m.pass, "to": to, "from": m.sender, "text": text, "isFlash": "false",
	})
}

// SendPattern uses BaseServiceNumber ("send by a shared service line"):
// the pattern's code is bodyId and its values go, in order, in text
// separated by ";", filling {0}, {1}, … of the approved body.
func (m *melipayamak) SendPattern(ctx context.Context, to string, p Pattern) (string, error) {
	to, err := Receiver(to)
	if err != nil {
		return "", err
	}
	values := make([]string, 0, len(p.Params))
	for _, prm := range p.Params {
		values = append(values, prm.Value)
	}
	return m.send(ctx, "BaseServiceNumber", map[string]string{
		"username": m.user, "password": m.pass, "to": to, "bodyId": p.Code, "text": strings.Join(values, ";"),
	})
}

func (m *melipayamak) send(ctx context.Context, method string, body map[string]string) (string, error) {
	ans, err := m.call(ctx, method, body)
	if err != nil {
		return "", err
	}
	v := ans.value()
	if len(v) <= 15 || !allDigits(v) {
		// The call went through and Value holds an error code.
		return "", m.h.fail(melipayamakKind(v), 200, v, ans.StrRetStatus, nil)
	}
	return v, nil
}

func (m *melipayamak) Balance(ctx context.Context) (Balance, error) {
	ans, err := m.call(ctx, "GetCredit", map[string]string{"UserName": m.user, "PassWord": m.pass})
	if err != nil {
		return Balance{}, err
	}
	n, perr := strconv.ParseFloat(ans.value(), 64)
	if perr != nil {
		return Balance{}, m.h.fail(KindBadAnswer, 200, "", "Value: "+ans.value(), nil)
	}
	// The credit is the panel's count of messages.
	return Balance{Amount: n, Unit: "sms"}, nil
}

func (m *melipayamak) call(ctx context.Context, method string, body map[string]string) (*melipayamakAnswer, error) {
	b, _ := json.Marshal(body)
	a, err := m.h.do(ctx, "POST", "/api/SendSMS/"+method, "application/json", bytes.NewReader(b), nil)
	if err != nil {
		return nil, err
	}
	var ans melipayamakAnswer
	if json.Unmarshal(a.body, &ans) != nil || (ans.RetStatus == 0 && ans.StrRetStatus == "") {
		if kind, ok := byHTTPStatus(a.status); ok {
			return nil, m.h.fail(kind, a.status, "", string(a.body), nil)
		}
		return nil, m.h.fail(KindBadAnswer, a.status, "", string(a.body), nil)
	}
	if ans.RetStatus != 1 || a.status >= 300 {
		code := strconv.Itoa(ans.RetStatus)
		return nil, m.h.fail(melipayamakKind(code), a.status, code, ans.StrRetStatus, nil)
	}
	return &ans, nil
}

// value is Value as text, whether sent as a string or a number.
func (a *melipayamakAnswer) value() string {
	var s string
	if json.Unmarshal(a.Value, &s) == nil {
		return strings.TrimSpace(s)
	}
	return strings.TrimSpace(string(a.Value))
}

// melipayamakKind reads the codes the SendSMS and BaseServiceNumber
// pages document: 0 wrong username or password, -1 web-service access
// off, 10 the user is not active; 2 not enough credit; 3 and 4 the
// daily and volume limits; 5, -3 and -7 the sender line; 6 and -6 the
// system being updated or failing; 16 and 18 no or an invalid receiver,
// 35 (REST) the number on the operators' black list; -4 a bodyId that
// is wrong or not approved, -5 a text that does not fit its variables;
// 7, 11, 12, 14, 17, -2 and -10 other refusals (a filtered word, not
// sent, documents incomplete, a link, an empty text, too many numbers, a
// link in a variable).
func melipayamakKind(code string) Kind {
	switch code {
	case "0", "-1", "10":
		return KindInvalidKey
	case "2":
		return KindNoCredit
	case "3", "4":
		return KindRateLimited
	case "5", "-3", "-7":
		return KindInvalidSender
	case "6", "-6":
		return KindServerError
	case "16", "18", "35":
		return KindInvalidReceiver
	case "-4", "-5":
		return KindPatternNotApproved
	}
	return KindRejected
}

func allDigits(s string) bool {
	for _, r := range s {
		if r < '0' || r > '9' {
			return false
		}
	}
	return s != ""
}
