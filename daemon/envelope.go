package daemon

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"strconv"

	jsonv2 "github.com/go-json-experiment/json"
	"github.com/go-json-experiment/json/jsontext"

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
	errParamsShape = domain.InvalidParams("params must be a JSON object")
	errBadReqID    = domain.InvalidParams("req_id must be 6 to 32 hexadecimal characters")
	errBadActor    = domain.InvalidParams(`actor must be an object with "user_id" (integer), "caps" (list of strings), "locale" (string) and "site_id" (positive integer)`)
	errNoActor     = domain.Errorf(domain.CodeForbidden, `this caller must name the user the call runs for in "actor"`)
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
	if len(params) > 0 && params[0] == '{' {
		params, actor, reqID, err = e.take(params, actor)
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
// its name, the name as written and the value as written.
func walkMembers(obj []byte, fn func(name string, literal, value []byte)) error {
	dec := jsontext.NewDecoder(bytes.NewReader(obj), jsontext.AllowDuplicateNames(true))
	if tok, err := dec.ReadToken(); err != nil || tok.Kind() != '{' {
		return errNotObject
	}
	prev := dec.InputOffset()
	for dec.PeekKind() == '"' {
		tok, err := dec.ReadToken()
		if err != nil {
			return err
		}
		name := tok.String()
		afterName := dec.InputOffset()
		literal := bytes.TrimLeft(obj[prev:afterName], " \t\r\n,")
		if err := dec.SkipValue(); err != nil {
			return err
		}
		prev = dec.InputOffset()
		// The texts are obj's own, valid after the decoder moves on.
		fn(name, literal, bytes.TrimLeft(obj[afterName:prev], " \t\r\n:"))
	}
	if _, err := dec.ReadToken(); err != nil {
		return err
	}
	return nil
}

var errNotObject = errors.New("not a JSON object")

// actorMembers is an actor object: exactly these members, each at most
// once, named exactly so. user_id and site_id are kept as written, so
// that 1.0 and "1" are refused rather than read as 1.
type actorMembers struct {
	UserID jsontext.Value `json:"user_id"`
	Caps   []*string      `json:"caps"`
	Locale *string        `json:"locale"`
	SiteID jsontext.Value `json:"site_id"`
}

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
	var m actorMembers
	if raw[0] != '{' || jsonv2.Unmarshal(raw, &m, jsonv2.RejectUnknownMembers(true)) != nil || m.UserID == nil {
		return nil, false
	}
	id, err := strconv.ParseInt(string(m.UserID), 10, 64)
	if err != nil || id < 0 {
		return nil, false
	}
	a := domain.Actor{UserID: id}
	if m.SiteID != nil {
		var ok bool
		if a.SiteID, ok = parseSiteID(m.SiteID); !ok {
			return nil, false
		}
	}
	for _, c := range m.Caps {
		if c == nil {
			return nil, false
		}
		a.Caps = append(a.Caps, *c)
	}
	if m.Locale != nil {
		a.Locale = *m.Locale
	}
	if a.Locale == "" {
		a.Locale = defaultLocale
	}
	a.Locale = domain.NormalizeLocale(a.Locale)
	return &a, true
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
