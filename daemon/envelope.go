package daemon

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"strconv"

	"github.com/arshline/arshline-sidecar/daemon/domain"
	"github.com/arshline/arshline-sidecar/rpc"
)

// The envelope is what every call may carry in its params besides the
// method's own members: "actor", the WordPress user the call runs for
// and the site it acts on (the PHP shim copies them from the current user
// and blog), and "req_id", the
// call's id in logs and audit rows. A call without an actor, or with
// "actor": null, runs as the operator only when the peer is an operator
// (rpc.Peer.Operator: root, the daemon's own uid, --operator-uids);
// from any other peer it is refused, so that being let in by
// --allow-uids or --allow-gids never makes anyone an operator. Both members are taken out of params before the handler sees
// them; the actor and the request id reach it in ctx (domain.ActorFrom,
// domain.RequestIDFrom).
type envelope struct {
	defaultLocale string // the operator's locale and that of actors naming none
}

var (
	errParamsShape = domain.InvalidParams("params must be a JSON object", "پارامترها باید یک شیء JSON باشند")
	errBadReqID    = domain.InvalidParams("req_id must be 6 to 32 hexadecimal characters", "req_id باید ۶ تا ۳۲ نویسهٔ هگزادسیمال باشد")
	errBadActor    = domain.InvalidParams(
		`actor must be an object with "user_id" (integer), "caps" (list of strings), "locale" (string) and "site_id" (positive integer)`,
		`actor باید شیئی با "user_id" (عدد صحیح)، "caps" (فهرست رشته‌ها)، "locale" (رشته) و "site_id" (عدد صحیح مثبت) باشد`)
	errNoActor = domain.Errorf(domain.CodeForbidden,
		`this caller must name the user the call runs for in "actor"`,
		`این فراخواننده باید کاربری را که درخواست برای اوست در "actor" نام ببرد`)
)

// noActor stands for "no actor named" while the envelope is read:
// parseActor never returns a negative user id.
const noActor = -1

// read is rpc.Config.Envelope. The call it returns is filled even when the
// envelope is refused (operator actor, generated id), so that the error
// reply is localized and carries a request id.
func (e envelope) read(ctx context.Context, params json.RawMessage, peer rpc.Peer) (rpc.Call, error) {
	actor := domain.Actor{UserID: noActor}
	reqID := ""
	var err error
	if len(params) > 0 && params[0] == '{' && mayCarryEnvelope(params) {
		quick, a, id, qerr, ok := e.takeQuick(params, actor)
		if ok {
			params, actor, reqID, err = quick, a, id, qerr
		} else {
			params, actor, reqID, err = e.take(params, actor)
		}
	}
	if actor.UserID == noActor {
		switch {
		case peer.Operator:
			actor = domain.OperatorActor(e.defaultLocale)
		default:
			// Refused: the call still needs a locale for its reply, and
			// carries no capability.
			actor = domain.Actor{Locale: domain.NormalizeLocale(e.defaultLocale)}
			if err == nil {
				err = errNoActor
			}
		}
	}
	if reqID == "" {
		reqID = rpc.NewRequestID()
	}
	return rpc.Call{
		Context: domain.WithRequestID(domain.WithActor(ctx, actor), reqID),
		Params:  params,
		ReqID:   reqID,
		UserID:  actor.UserID,
		Locale:  actor.Locale,
	}, err
}

// mayCarryEnvelope reports whether params can hold an envelope member.
// Without escapes in the text a key reads as it is written, so a params
// object naming neither "actor" nor "req_id" anywhere holds neither, and
// goes to the handler as it came, without being read member by member.
func mayCarryEnvelope(params []byte) bool {
	return bytes.IndexByte(params, '\\') >= 0 ||
		bytes.Contains(params, []byte(`"actor"`)) || bytes.Contains(params, []byte(`"req_id"`))
}

// envelopeMembers are the envelope's members of a params object.
type envelopeMembers struct {
	Actor json.RawMessage `json:"actor"`
	ReqID json.RawMessage `json:"req_id"`
}

var envelopeNames = []string{"actor", "req_id"}

// takeQuick is take for the params a client writes itself: encoding/json
// reads the two members into a struct, and they are cut out of the text
// where they stand. It reports false, having decided nothing, when the
// text leaves room for doubt: escapes, a name also in another case, a
// member given twice or a name also inside a value. take then reads the
// params member by member. The params are JSON already, as the
// transport checked.
func (e envelope) takeQuick(params json.RawMessage, actor domain.Actor) (_ json.RawMessage, _ domain.Actor, reqID string, err error, ok bool) {
	var exact, folded [2]int
	if !rpc.CountNames(params, envelopeNames, exact[:], folded[:]) || exact != folded {
		return nil, actor, "", nil, false
	}
	var env envelopeMembers
	if json.Unmarshal(params, &env) != nil {
		return nil, actor, "", nil, false
	}
	// A member present is named once in the whole text, so the one
	// literal is its name; a member absent has no name at the top level.
	if env.Actor != nil && exact[0] != 1 || env.ReqID != nil && exact[1] != 1 {
		return nil, actor, "", nil, false
	}
	if env.Actor != nil {
		a, ok := parseActor(env.Actor, e.defaultLocale)
		switch {
		case !ok:
			err = errBadActor
		case a != nil:
			actor = *a
		}
	}
	if env.ReqID != nil {
		if id, ok := parseReqID(env.ReqID); ok {
			reqID = id
		} else if err == nil {
			err = errBadReqID
		}
	}
	// Each member is cut where it stands, the later one first, so that
	// the earlier one's place holds.
	at, rt := -1, -1
	if env.Actor != nil {
		at = bytes.Index(params, []byte(`"actor"`))
	}
	if env.ReqID != nil {
		rt = bytes.Index(params, []byte(`"req_id"`))
	}
	type member struct {
		name  int // the name literal's offset, -1 when absent
		value json.RawMessage
	}
	earlier, later := member{at, env.Actor}, member{rt, env.ReqID}
	if earlier.name > later.name {
		earlier, later = later, earlier
	}
	out := params
	for _, m := range [2]member{later, earlier} {
		if m.name < 0 {
			continue
		}
		var cut bool
		if out, cut = withoutMember(out, m.name, m.value, len(out) != len(params)); !cut {
			return nil, actor, "", nil, false
		}
	}
	return out, actor, reqID, err, true
}

// withoutMember cuts out of the object obj the member whose name literal
// starts at name and whose value is value, with the comma that joins it
// to the next member, or else with the one before it. A new slice is
// made unless owned, when obj is cut in place. It reports false when the
// text at name is not that member.
func withoutMember(obj []byte, name int, value []byte, owned bool) ([]byte, bool) {
	end := bytes.IndexByte(obj[name+1:], '"')
	if end < 0 {
		return nil, false
	}
	i := skipSpace(obj, name+end+2)
	if i == len(obj) || obj[i] != ':' {
		return nil, false
	}
	if i = skipSpace(obj, i+1); !bytes.HasPrefix(obj[i:], value) {
		return nil, false
	}
	from, to := name, skipSpace(obj, i+len(value))
	switch {
	case to == len(obj):
		return nil, false
	case obj[to] == ',':
		to = skipSpace(obj, to+1)
	default: // the last member
		for from > 0 && isSpace(obj[from-1]) {
			from--
		}
		if obj[from-1] == ',' {
			from--
		} else {
			from = name
		}
	}
	if owned {
		return append(obj[:from], obj[to:]...), true
	}
	return append(append(make([]byte, 0, len(obj)-(to-from)), obj[:from]...), obj[to:]...), true
}

func skipSpace(b []byte, i int) int {
	for i < len(b) && isSpace(b[i]) {
		i++
	}
	return i
}

func isSpace(c byte) bool { return c == ' ' || c == '\t' || c == '\n' || c == '\r' }

// take reads the envelope members of a params object and returns the
// object without them; other members keep their order and their text.
func (e envelope) take(params json.RawMessage, actor domain.Actor) (_ json.RawMessage, _ domain.Actor, reqID string, err error) {
	var actorRaw, reqIDRaw json.RawMessage
	actors, reqIDs := 0, 0
	var rest []byte
	walkErr := walkMembers(params, func(key string, literal, value []byte) {
		switch key {
		case "actor":
			actorRaw, actors = value, actors+1
		case "req_id":
			reqIDRaw, reqIDs = value, reqIDs+1
		default:
			if rest == nil {
				rest = append(make([]byte, 0, len(params)), '{')
			} else {
				rest = append(rest, ',')
			}
			rest = append(append(append(rest, literal...), ':'), value...)
		}
	})
	if walkErr != nil {
		return nil, actor, "", errParamsShape
	}
	if actorRaw != nil {
		a, ok := parseActor(actorRaw, e.defaultLocale)
		switch {
		case !ok || actors > 1:
			err = errBadActor
		case a != nil:
			actor = *a
		}
	}
	if reqIDRaw != nil {
		if id, ok := parseReqID(reqIDRaw); ok && reqIDs == 1 {
			reqID = id
		} else if err == nil {
			err = errBadReqID
		}
	}
	switch {
	case actors+reqIDs == 0:
		return params, actor, reqID, err
	case rest == nil:
		return json.RawMessage("{}"), actor, reqID, err
	}
	return append(rest, '}'), actor, reqID, err
}

// walkMembers calls fn with each member of the JSON object obj in order:
// its key, the key as written and the value as written. It reads with
// encoding/json; the offsets of the decoder give the texts.
func walkMembers(obj []byte, fn func(key string, literal, value []byte)) error {
	dec := json.NewDecoder(bytes.NewReader(obj))
	if tok, err := dec.Token(); err != nil || tok != json.Delim('{') {
		return errNotObject
	}
	prev := dec.InputOffset()
	for dec.More() {
		tok, err := dec.Token()
		if err != nil {
			return err
		}
		key, _ := tok.(string)
		literal := bytes.TrimLeft(obj[prev:dec.InputOffset()], " \t\r\n,")
		var value json.RawMessage
		if err := dec.Decode(&value); err != nil {
			return err
		}
		prev = dec.InputOffset()
		fn(key, literal, value)
	}
	if _, err := dec.Token(); err != nil {
		return err
	}
	return nil
}

var errNotObject = errors.New("not a JSON object")

// parseActor reads {"user_id", "caps", "locale", "site_id"} exactly: an
// actor is who the call runs for, so a member the server does not
// understand is an error rather than something to guess about. null means
// no actor. site_id, the WordPress site every method is scoped to, is a
// positive integer when given; absent, it is site 1 (domain.Actor.Site).
// Unlike caps and locale it may not be null: a shim that meant to name a
// site and sent nothing must not land on site 1.
func parseActor(raw []byte, defaultLocale string) (*domain.Actor, bool) {
	if string(raw) == "null" {
		return nil, true
	}
	if raw[0] != '{' {
		return nil, false
	}
	a, ok := readActorQuick(raw)
	if !ok {
		a, ok = readActor(raw)
	}
	if !ok {
		return nil, false
	}
	if a.Locale == "" {
		a.Locale = defaultLocale
	}
	a.Locale = domain.NormalizeLocale(a.Locale)
	return &a, true
}

// actorMembers is an actor object as encoding/json reads it.
type actorMembers struct {
	UserID json.RawMessage `json:"user_id"`
	Caps   []string        `json:"caps"`
	Locale json.RawMessage `json:"locale"`
	SiteID json.RawMessage `json:"site_id"`
}

var actorNames = []string{"user_id", "caps", "locale", "site_id"}

// readActorQuick reads an actor the way clients write it, with
// encoding/json into a struct. It only accepts: false leaves the answer
// to readActor. The struct hides a member given twice, in another case
// or unknown, so the text must rule them out: each name is written at
// most once and only exactly (rpc.CountNames), and every member puts a
// colon after its name, so a text with as many colons as the struct got
// members has no other member. Without "null" in it, no member is null,
// which the struct would not tell from an absent member or an empty cap.
func readActorQuick(raw []byte) (domain.Actor, bool) {
	var exact, folded [4]int
	if bytes.Contains(raw, []byte("null")) || !rpc.CountNames(raw, actorNames, exact[:], folded[:]) ||
		exact != folded || max(exact[0], exact[1], exact[2], exact[3]) > 1 {
		return domain.Actor{}, false
	}
	var m actorMembers
	if json.Unmarshal(raw, &m) != nil || m.UserID == nil {
		return domain.Actor{}, false
	}
	members := 1
	if m.Caps != nil {
		members++
	}
	if m.Locale != nil {
		members++
	}
	if m.SiteID != nil {
		members++
	}
	if bytes.Count(raw, []byte(":")) != members {
		return domain.Actor{}, false
	}
	id, err := strconv.ParseInt(string(m.UserID), 10, 64)
	if err != nil || id < 0 || m.Locale != nil && m.Locale[0] != '"' {
		return domain.Actor{}, false
	}
	a := domain.Actor{UserID: id}
	if m.SiteID != nil {
		site, ok := parseSiteID(m.SiteID)
		if !ok {
			return domain.Actor{}, false
		}
		a.SiteID = site
	}
	if len(m.Caps) > 0 {
		a.Caps = m.Caps
	}
	if m.Locale != nil {
		// A string without escapes reads as it is written.
		a.Locale = string(m.Locale[1 : len(m.Locale)-1])
	}
	return a, true
}

// readActor reads an actor object member by member.
func readActor(raw []byte) (domain.Actor, bool) {
	var a domain.Actor
	seen := map[string]bool{}
	refused := errors.New("refused")
	err := rpc.Members(raw, func(key string, value json.RawMessage) error {
		if seen[key] {
			return refused
		}
		seen[key] = true
		switch key {
		case "user_id":
			id, err := strconv.ParseInt(string(value), 10, 64)
			if err != nil || id < 0 {
				return refused
			}
			a.UserID = id
		case "caps":
			if string(value) == "null" {
				return nil
			}
			var caps []json.RawMessage
			if value[0] != '[' || json.Unmarshal(value, &caps) != nil {
				return refused
			}
			for _, c := range caps {
				var s string
				if c[0] != '"' || json.Unmarshal(c, &s) != nil {
					return refused
				}
				a.Caps = append(a.Caps, s)
			}
		case "locale":
			if string(value) == "null" {
				return nil
			}
			if value[0] != '"' || json.Unmarshal(value, &a.Locale) != nil {
				return refused
			}
		case "site_id":
			var ok bool
			if a.SiteID, ok = parseSiteID(value); !ok {
				return refused
			}
		default:
			return refused
		}
		return nil
	})
	return a, err == nil && seen["user_id"]
}

// parseSiteID reads a site id: a positive integer, as written (1.0, "1"
// and 0 are refused, so that a confused client is told rather than
// scoped to some site it did not mean).
func parseSiteID(raw []byte) (int64, bool) {
	id, err := strconv.ParseInt(string(raw), 10, 64)
	return id, err == nil && id > 0
}

// parseReqID accepts a string of 6 to 32 hexadecimal digits, as written:
// request ids end up in logs and audit rows, so they are kept short and
// inert.
func parseReqID(raw []byte) (string, bool) {
	if len(raw) < 2+6 || len(raw) > 2+32 || raw[0] != '"' || raw[len(raw)-1] != '"' {
		return "", false
	}
	id := raw[1 : len(raw)-1]
	for _, c := range id {
		if !('0' <= c && c <= '9' || 'a' <= c && c <= 'f' || 'A' <= c && c <= 'F') {
			return "", false
		}
	}
	return string(id), true
}

// authorize is rpc.Config.Authorize: the actor must hold the method's
// capability (domain.Actor.Can).
func authorize(ctx context.Context, capability string) error {
	if domain.ActorFrom(ctx).Can(capability) {
		return nil
	}
	return domain.ErrForbidden.With("capability", capability)
}

// withDomainErrors makes the errors of other packages that say for
// themselves what the user should see (the model client's, through
// Domain) reach the client as those domain errors; rpc knows only
// ErrCoder, which *domain.Error is. A domain error, and a bare
// cancellation or deadline, are left to rpc as they are.
func withDomainErrors(h rpc.Handler) rpc.Handler {
	return func(ctx context.Context, params json.RawMessage) (any, error) {
		res, err := h(ctx, params)
		if err == nil {
			return res, nil
		}
		var de *domain.Error
		if errors.As(err, &de) || errors.Is(err, context.Canceled) || errors.Is(err, context.DeadlineExceeded) {
			return res, err
		}
		var dr interface{ Domain() *domain.Error }
		if errors.As(err, &dr) {
			if d := dr.Domain(); d != nil {
				return res, d
			}
		}
		return res, err
	}
}
