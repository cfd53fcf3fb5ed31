// Package contracts assembles the registry of every contract the daemon
// and the CLI validate against.
package contracts

import (
	"github.com/arshline/arshline-sidecar/daemon/contract"
	"github.com/arshline/arshline-sidecar/daemon/contract/agentplan"
	"github.com/arshline/arshline-sidecar/daemon/contract/arshplan"
	"github.com/arshline/arshline-sidecar/daemon/contract/stepcontract"
	"github.com/arshline/arshline-sidecar/daemon/contract/webnav"
)

// Default returns a registry of all contracts.
func Default() *contract.Registry {
	return contract.NewRegistry(arshplan.New(), agentplan.New(), webnav.New(), stepcontract.New())
}
