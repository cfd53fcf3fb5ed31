package contract

import (
	"context"
	"encoding/json"

	"github.com/arshline/arshline-sidecar/daemon/domain"
)

// Service is the validation engine over RPC: contracts.list,
// contracts.schema and plan.validate.
type Service struct {
	Registry *Registry
}

// ListParams are contracts.list's parameters: none.
type ListParams struct{}

// Info names and describes one contract.
type Info struct {
	Name        string `json:"name"`
	Description string `json:"description"`
}

// List returns every contract, by name.
func (s *Service) List(ctx context.Context, _ ListParams) ([]Info, error) {
	out := []Info{}
	for _, c := range s.Registry.List() {
		out = append(out, Info{Name: c.Name(), Description: c.Description()})
	}
	return out, nil
}

// SchemaParams are contracts.schema's parameters.
type SchemaParams struct {
	Contract string `json:"contract"`
}

// Schema returns a contract's JSON Schema.
func (s *Service) Schema(ctx context.Context, p SchemaParams) (json.RawMessage, error) {
	c, err := s.contract(p.Contract)
	if err != nil {
		return nil, err
	}
	return c.Schema(), nil
}

// ValidateParams are plan.validate's parameters.
type ValidateParams struct {
	Contract string          `json:"contract"`
	Plan     json.RawMessage `json:"plan"`
	Options  Options         `json:"options"`
}

// Validate checks a plan against a contract. The report's language is
// the options' locale, else the caller's.
func (s *Service) Validate(ctx context.Context, p ValidateParams) (Report, error) {
	c, err := s.contract(p.Contract)
	if err != nil {
		return Report{}, err
	}
	if len(p.Plan) == 0 {
		return Report{}, domain.InvalidParams("plan is required")
	}
	doc, err := Decode(p.Plan)
	if err != nil {
		return Report{}, domain.InvalidParams("plan is not valid JSON: %s", err.Error())
	}
	opts := p.Options
	if opts.Locale == "" {
		opts.Locale = domain.ActorFrom(ctx).Locale
	}
	return c.Validate(ctx, doc, opts), nil
}

func (s *Service) contract(name string) (Contract, error) {
	c, ok := s.Registry.Get(name)
	if !ok {
		names := s.Registry.Names()
		known, _ := json.Marshal(names)
		return nil, domain.InvalidParams("unknown contract %s; known: %s", name, string(known)).With("known", names)
	}
	return c, nil
}
