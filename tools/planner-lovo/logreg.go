package main

import (
	"math"
	"math/rand/v2"
	"strings"
)

// sparse is a command's feature vector: the columns present, all of
// one weight.
type sparse struct {
	Index []int
	Value float64
}

// model is a multinomial logistic regression: one weight per feature
// and class, W[f*K+k], and a bias per class.
type model struct {
	Classes []string
	W       []float64
	B       []float64
}

// trainConfig sets the stochastic gradient descent that fits a model.
type trainConfig struct {
	Epochs int     // passes over the training set
	Lambda float64 // L2 penalty on the weights (not the biases)
	Eta0   float64 // first step size; step t is Eta0/(1+Lambda·Eta0·t)
	Seed   uint64  // order of the commands in each pass
}

var defaultTraining = trainConfig{Epochs: 30, Lambda: 1e-5, Eta0: 0.5, Seed: 1}

// train fits a model to the commands xs of classes ys (indexes into
// classes) over dims feature columns by minimising the mean log loss
// plus Lambda/2·|W|². The L2 shrink is kept as one scale factor over
// all the weights (W = scale·v), so that a step touches only the
// command's own columns. The same data and config give the same
// weights, bit for bit.
func train(xs []sparse, ys []int, classes []string, dims int, cfg trainConfig) *model {
	k := len(classes)
	v := make([]float64, dims*k)
	b := make([]float64, k)
	z := make([]float64, k)
	scale := 1.0
	rng := rand.New(rand.NewPCG(cfg.Seed, 0x9e3779b97f4a7c15))
	t := 0.0
	for range cfg.Epochs {
		for _, i := range rng.Perm(len(xs)) {
			x := xs[i]
			scores(v, b, x, scale, z)
			softmax(z)
			z[ys[i]]--
			eta := cfg.Eta0 / (1 + cfg.Lambda*cfg.Eta0*t)
			t++
			scale *= 1 - eta*cfg.Lambda
			step := eta * x.Value / scale
			for _, f := range x.Index {
				row := v[f*k : f*k+k]
				for c, g := range z {
					row[c] -= step * g
				}
			}
			for c, g := range z {
				b[c] -= eta * g
			}
			if scale < 1e-6 {
				for j := range v {
					v[j] *= scale
				}
				scale = 1
			}
		}
	}
	for j := range v {
		v[j] *= scale
	}
	return &model{Classes: classes, W: v, B: b}
}

// scores writes the class scores of x into z.
func scores(w, b []float64, x sparse, scale float64, z []float64) {
	k := len(b)
	copy(z, b)
	a := scale * x.Value
	for _, f := range x.Index {
		row := w[f*k : f*k+k]
		for c, wc := range row {
			z[c] += a * wc
		}
	}
}

// softmax turns scores into probabilities in place.
func softmax(z []float64) {
	top := math.Inf(-1)
	for _, s := range z {
		top = max(top, s)
	}
	sum := 0.0
	for c, s := range z {
		z[c] = math.Exp(s - top)
		sum += z[c]
	}
	for c := range z {
		z[c] /= sum
	}
}

// probabilities is the probability of every class for x.
func (m *model) probabilities(x sparse) []float64 {
	z := make([]float64, len(m.Classes))
	scores(m.W, m.B, x, 1, z)
	softmax(z)
	return z
}

// predict is the most likely class of x and its probability; of equal
// scores the first class wins.
func (m *model) predict(x sparse) (string, float64) {
	z := m.probabilities(x)
	best := 0
	for c := range z {
		if z[c] > z[best] {
			best = c
		}
	}
	return m.Classes[best], z[best]
}

// asked is, for every action, the probability that the command asks
// for it: the sum over the intents (sets of actions) that hold it.
func (m *model) asked(z []float64) map[string]float64 {
	out := map[string]float64{}
	for c, p := range z {
		for _, a := range strings.Split(m.Classes[c], "+") {
			out[a] += p
		}
	}
	return out
}

// bytes is the size of the weights shipped as float32, and of the class
// names.
func (m *model) bytes() int {
	n := 4 * (len(m.W) + len(m.B))
	for _, c := range m.Classes {
		n += len(c)
	}
	return n
}
