package daemon

import (
	"bytes"
	"encoding/json"
	"reflect"
	"testing"

	"github.com/arshline/arshline-sidecar/daemon/domain"
	"github.com/arshline/arshline-sidecar/rpc"
)

// FuzzEnvelopeQuick proves that the quick reading of an envelope, when it
// decides, decides as the member-by-member reading does: the same actor,
// request id and error, and the same other members in the same order.
func FuzzEnvelopeQuick(f *testing.F) {
	for _, seed := range []string{
		`{"actor":{"user_id":7,"caps":["manage_options"],"locale":"fa_IR"},"req_id":"9f86d081884c7d65","contract":"x","plan":{"id":1}}`,
		`{"contract":"x","actor":{"user_id":7},"plan":[1,2]}`,
		`{"plan":{"actor":1},"req_id":"abcdef"}`,
		`{ "actor" : {"user_id":1} , "req_id":"abcdef" }`,
		`{ "a" : 1 ,"actor":null}`,
		`{"actor":{"user_id":1,"caps":[]},"Actor":2}`,
		`{"actor":{"user_id":1,"caps":["a",null]}}`,
		`{"actor":{"user_id":1,"user_id":2}}`,
		`{"actor":{"user_id":1,"x":2}}`,
		`{"actor":{"user_id":1,"caps":["locale"],"x":2}}`,
		`{"actor":{"user_id":"1"}}`,
		`{"actor":{"User_id":1}}`,
		`{"actor":{"user_id":1,"locale":3}}`,
		`{"actor":{"user_id":1},"actor":{"user_id":2}}`,
		`{"req_id":"abc","req_id":"abcdef"}`,
		`{"req_id":"zzzzzz","actor":{"user_id":-1}}`,
		`{"a":"actor","actor":{"user_id":1}}`,
		`{"actor":{"user_id":1,"site_id":3},"req_id":"abcdef"}`,
		`{"actor":{"site_id":0,"user_id":1}}`,
		`{"actor":{"user_id":1,"site_id":"3"}}`,
		`{"actor":{"user_id":1,"site_id":3,"site_id":4}}`,
		`{"actor":{"user_id":1,"Site_id":3}}`,
		`{"actor":{"user_id":1,"site_id":3.5,"caps":["site_id"]}}`,
	} {
		f.Add(seed)
	}
	e := envelope{defaultLocale: domain.LocaleFA}
	f.Fuzz(func(t *testing.T, params string) {
		raw := json.RawMessage(params)
		if !json.Valid(raw) || len(raw) == 0 || raw[0] != '{' {
			return // the transport hands the envelope JSON objects only
		}
		quick, qa, qid, qerr, ok := e.takeQuick(append(json.RawMessage(nil), raw...), domain.OperatorActor(e.defaultLocale))
		if !ok {
			return
		}
		slow, sa, sid, serr := e.take(append(json.RawMessage(nil), raw...), domain.OperatorActor(e.defaultLocale))
		if !reflect.DeepEqual(qa, sa) || qid != sid || qerr != serr {
			t.Fatalf("%s:\nquick %+v %q %v\nslow  %+v %q %v", params, qa, qid, qerr, sa, sid, serr)
		}
		if !json.Valid(quick) {
			t.Fatalf("%s: quick params %s are not JSON", params, quick)
		}
		if got, want := membersOf(t, quick), membersOf(t, slow); !reflect.DeepEqual(got, want) {
			t.Fatalf("%s:\nquick %s\nslow  %s", params, quick, slow)
		}
	})
}

// membersOf lists an object's members as written, in order.
func membersOf(t *testing.T, obj []byte) [][2]string {
	var out [][2]string
	if err := rpc.Members(obj, func(key string, value json.RawMessage) error {
		var v bytes.Buffer
		json.Compact(&v, value)
		out = append(out, [2]string{key, v.String()})
		return nil
	}); err != nil {
		t.Fatalf("%s: %v", obj, err)
	}
	return out
}
