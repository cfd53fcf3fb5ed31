package agentplan

import (
	"strings"

	"github.com/arshline/arshline-sidecar/daemon/domain"
)

// maxReportedCycles bounds the dep.cycle findings: a dense tangle of
// steps has exponentially many cycles and listing them all helps nobody.
const maxReportedCycles = 10

// cycleSearchBudget bounds the edge visits spent enumerating cycles, so
// a hostile plan cannot stall validation.
const cycleSearchBudget = 1 << 20

// depGraph links each step id (its first occurrence) to the ids it
// depends on. Self-dependencies and unknown ids are left out: they have
// their own rules.
type depGraph struct {
	ids []string // node -> step id, in step order
	// firstByID and stepNode give a step id's node:
	// stepNode[firstByID[id]].
	firstByID map[string]int
	stepNode  []int   // step index -> node, -1 for steps that are not one
	step      []int   // node -> step index
	edges     [][]int // node -> dependency nodes, depends_on order, no repeats
	// seen, stamp and stack are dependsOn's scratch space, reused across
	// calls: seen[n] == stamp marks nodes visited in the current search.
	seen  []int
	stamp int
	stack []int
	// all backs every node's edges; mark is checkGraph's scratch.
	all  []int
	mark []int
}

// reset readies g, the validator's reusable graph, for a plan of n steps.
func (g *depGraph) reset(p *planView) {
	n := len(p.steps)
	g.firstByID = p.firstByID
	g.ids, g.step, g.all, g.stack = g.ids[:0], g.step[:0], g.all[:0], g.stack[:0]
	g.stepNode = resized(g.stepNode, n)
	g.seen = resized(g.seen, n)
	g.mark = resized(g.mark, n)
	g.edges = resized(g.edges, n)
	g.stamp = 0
}

// release drops what g holds of the plan, and all of it after a large
// plan, so a pooled validator stays small.
func (g *depGraph) release() {
	if cap(g.stepNode) > 1024 || cap(g.all) > 4096 {
		*g = depGraph{}
		return
	}
	clear(g.ids)
	clear(g.edges)
	g.firstByID = nil
}

// resized returns s with length n and zero elements, reusing its array
// when it is large enough.
func resized[T any](s []T, n int) []T {
	if cap(s) < n {
		return make([]T, n)
	}
	s = s[:n]
	clear(s)
	return s
}

// node returns the node of a step id.
func (g *depGraph) node(id string) (int, bool) {
	i, ok := g.firstByID[id]
	if !ok {
		return -1, false
	}
	return g.stepNode[i], true
}

func (v *validator) checkGraph(p *planView) *depGraph {
	g := &v.graph
	g.reset(p)
	for i, s := range p.steps {
		g.stepNode[i] = -1
		if s == nil || s.id == "" {
			continue
		}
		if !s.firstOfID {
			first := p.firstByID[s.id]
			v.add(RuleDuplicateID, s.id, s.path("id"),
				domain.T("Step id %s is already used by step %d; give this step its own id and update the references to it.", quote(s.id), first), "")
			continue
		}
		g.stepNode[i] = len(g.ids)
		g.ids = append(g.ids, s.id)
		g.step = append(g.step, s.index)
	}
	g.edges = g.edges[:len(g.ids)]
	// Each node's edges are appended while its step is read, so all of
	// them share one array; seen[to] == from+1 marks an edge made.
	all, seen := g.all, g.mark
	backward := true
	for _, s := range p.steps {
		if s == nil {
			continue
		}
		from, isNode := -1, false
		if s.firstOfID {
			from, isNode = g.stepNode[s.index], true
		}
		start := len(all)
		for j, d := range s.deps {
			to, known := g.node(d.id)
			s.deps[j].node = to
			switch {
			case d.id == s.id && s.id != "":
				v.add(RuleDepSelf, s.id, s.path("depends_on", d.pos),
					domain.T("Step %s depends on itself, so it can never start; remove %s from its depends_on.", quote(s.id), quote(d.id)), "")
			case !known:
				v.add(RuleDepUnknown, s.id, s.path("depends_on", d.pos),
					domain.T("depends_on names %s, which is not a step of this plan; fix the id or remove the entry.", quote(d.id)), "")
			case isNode && seen[to] != from+1:
				seen[to] = from + 1
				all = append(all, to)
				backward = backward && to < from
			}
		}
		if isNode && len(all) > start {
			g.edges[from] = all[start:len(all):len(all)]
		}
	}
	g.all = all
	// When every edge leads to an earlier step the graph has no cycle,
	// and the search would find none; it also could not give up, as long
	// as its budget outlasts one pass over the graph.
	if !backward || len(g.ids)+len(all) >= cycleSearchBudget {
		v.reportCycles(p, g)
	}
	return g
}

// dependsOn reports whether step s may read the result of the step at
// node target: target must be reachable through depends_on. Duplicated steps use their own
// depends_on and then the graph. The search stops at the target, so the
// usual reference to a direct dependency costs almost nothing.
func (g *depGraph) dependsOn(s *stepView, target int) bool {
	g.stamp++
	g.stack = g.stack[:0]
	for _, d := range s.deps {
		if d.node >= 0 && g.visit(d.node, target) {
			return true
		}
	}
	for len(g.stack) > 0 {
		n := g.stack[len(g.stack)-1]
		g.stack = g.stack[:len(g.stack)-1]
		for _, m := range g.edges[n] {
			if g.visit(m, target) {
				return true
			}
		}
	}
	return false
}

// visit is one step of dependsOn's search: it reports whether n is the
// target, and otherwise queues n unless the search has been there.
func (g *depGraph) visit(n, target int) bool {
	if n == target {
		return true
	}
	if g.seen[n] != g.stamp {
		g.seen[n] = g.stamp
		g.stack = append(g.stack, n)
	}
	return false
}

// reportCycles lists each elementary cycle once, starting at its earliest
// step. The order of steps and of depends_on makes it deterministic.
func (v *validator) reportCycles(p *planView, g *depGraph) {
	// One cycle beyond the limit is searched for, to know whether the
	// list is complete.
	f := newCycleFinder(g.edges, cycleSearchBudget, maxReportedCycles+1)
	f.run()
	for i, cyc := range f.cycles {
		if i == maxReportedCycles {
			break
		}
		names := make([]string, 0, len(cyc)+1)
		for _, n := range cyc {
			names = append(names, g.ids[n])
		}
		names = append(names, g.ids[cyc[0]])
		path := strings.Join(names, " → ")
		start := p.steps[g.step[cyc[0]]]
		pos := 0
		for _, d := range start.deps {
			if d.id == g.ids[cyc[1]] {
				pos = d.pos
				break
			}
		}
		v.add(RuleDepCycle, start.id, start.path("depends_on", pos),
			domain.T("Dependency cycle %s: each step waits for the next, so none can start; remove one of these depends_on entries.", path), "")
	}
	if f.stopped() {
		comp := stronglyConnected(g.edges, nil)
		size := map[int]int{}
		for _, c := range comp {
			size[c]++
		}
		var names []string
		for n := range g.ids {
			if size[comp[n]] >= 2 {
				names = append(names, g.ids[n])
			}
		}
		list := strings.Join(names, ", ")
		v.add(RuleDepCycle, "", "/steps",
			domain.T("Not every dependency cycle is listed; the steps that lie on one are %s. Untangle their depends_on and lint again.", list), "")
	}
}

// cycleFinder is Johnson's algorithm for the elementary cycles of a
// directed graph, with a cap on the cycles and on the work.
type cycleFinder struct {
	edges     [][]int
	edgeCount int
	budget    int
	limit     int
	cycles    [][]int
	start     int
	allowed   []bool // in the component being searched
	blocked   []bool
	blockOf   [][]int
	stack     []int
}

func newCycleFinder(edges [][]int, budget, limit int) *cycleFinder {
	n := len(edges)
	f := &cycleFinder{edges: edges, budget: budget, limit: limit,
		allowed: make([]bool, n), blocked: make([]bool, n), blockOf: make([][]int, n)}
	for _, e := range edges {
		f.edgeCount += len(e)
	}
	return f
}

// run takes the strongly connected component of the least node (among
// those >= s) that lies on a cycle, lists the cycles through that node
// inside it, and goes on past it. Each round finds a cycle, so the limit
// also bounds the number of rounds and their component searches.
func (f *cycleFinder) run() {
	n := len(f.edges)
	for s := 0; s < n && !f.stopped(); {
		from := s
		comp := stronglyConnected(f.edges, func(x int) bool { return x >= from })
		f.budget -= n - s + f.edgeCount
		size := map[int]int{}
		for x := s; x < n; x++ {
			size[comp[x]]++
		}
		least := -1
		for x := s; x < n; x++ {
			if size[comp[x]] >= 2 {
				least = x
				break
			}
		}
		if least < 0 {
			return
		}
		for x := range f.allowed {
			f.allowed[x] = x >= least && comp[x] == comp[least]
			f.blocked[x] = false
			f.blockOf[x] = f.blockOf[x][:0]
		}
		f.start = least
		f.circuit(least)
		s = least + 1
	}
}

func (f *cycleFinder) circuit(n int) bool {
	found := false
	f.stack = append(f.stack, n)
	f.blocked[n] = true
	for _, m := range f.edges[n] {
		if !f.allowed[m] {
			continue
		}
		if f.budget--; f.stopped() {
			break
		}
		if m == f.start {
			f.cycles = append(f.cycles, append([]int(nil), f.stack...))
			found = true
		} else if !f.blocked[m] && f.circuit(m) {
			found = true
		}
	}
	if found {
		f.unblock(n)
	} else {
		for _, m := range f.edges[n] {
			if f.allowed[m] && !contains(f.blockOf[m], n) {
				f.blockOf[m] = append(f.blockOf[m], n)
			}
		}
	}
	f.stack = f.stack[:len(f.stack)-1]
	return found
}

// stopped reports whether the search gave up: the list is full or the
// budget is spent.
func (f *cycleFinder) stopped() bool { return f.budget <= 0 || len(f.cycles) >= f.limit }

func (f *cycleFinder) unblock(n int) {
	f.blocked[n] = false
	waiting := f.blockOf[n]
	f.blockOf[n] = nil
	for _, w := range waiting {
		if f.blocked[w] {
			f.unblock(w)
		}
	}
}

func contains(list []int, n int) bool {
	for _, e := range list {
		if e == n {
			return true
		}
	}
	return false
}

// stronglyConnected labels every node with its component (Tarjan, done
// iteratively so a long chain of steps cannot exhaust the stack). With
// only != nil the graph is restricted to the nodes it accepts; the others
// get -1.
func stronglyConnected(edges [][]int, only func(int) bool) []int {
	n := len(edges)
	comp := make([]int, n)
	index := make([]int, n)
	low := make([]int, n)
	onStack := make([]bool, n)
	for i := range comp {
		comp[i], index[i] = -1, -1
	}
	in := func(x int) bool { return only == nil || only(x) }
	var stack []int
	next, label := 0, 0
	type frame struct{ node, edge int }
	for root := 0; root < n; root++ {
		if !in(root) || index[root] >= 0 {
			continue
		}
		work := []frame{{root, 0}}
		index[root], low[root] = next, next
		next++
		stack = append(stack, root)
		onStack[root] = true
		for len(work) > 0 {
			top := &work[len(work)-1]
			u := top.node
			if top.edge < len(edges[u]) {
				w := edges[u][top.edge]
				top.edge++
				if !in(w) {
					continue
				}
				if index[w] < 0 {
					index[w], low[w] = next, next
					next++
					stack = append(stack, w)
					onStack[w] = true
					work = append(work, frame{w, 0})
				} else if onStack[w] && index[w] < low[u] {
					low[u] = index[w]
				}
				continue
			}
			if low[u] == index[u] {
				for {
					w := stack[len(stack)-1]
					stack = stack[:len(stack)-1]
					onStack[w] = false
					comp[w] = label
					if w == u {
						break
					}
				}
				label++
			}
			work = work[:len(work)-1]
			if len(work) > 0 {
				if p := work[len(work)-1].node; low[u] < low[p] {
					low[p] = low[u]
				}
			}
		}
	}
	return comp
}
