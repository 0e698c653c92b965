package metrics

import (
	"log/slog"
	"net/http"
	"time"

	"github.com/prometheus/client_golang/prometheus"
	"github.com/prometheus/client_golang/prometheus/collectors"
	"github.com/prometheus/client_golang/prometheus/promhttp"
)

// namespace prefixes every metric of vigil.
const namespace = "vigil"

// latencyBuckets are the histogram buckets, in seconds, of fetches and
// HTTP requests: from a fast local answer to a fetch at its timeout.
var latencyBuckets = []float64{0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30}

// storeBuckets are the histogram buckets, in seconds, of store operations.
var storeBuckets = []float64{0.0001, 0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 1}

// Metrics holds vigil's metrics in a registry of their own. Its methods
// are safe for concurrent use.
type Metrics struct {
	reg          *prometheus.Registry
	fetches      *prometheus.CounterVec
	fetchLatency prometheus.Histogram
	fetchBytes   prometheus.Counter
	itemsNew     prometheus.Counter
	itemsUpdated prometheus.Counter
	// storeFailures counts the fetches the store failed to keep.
	storeFailures prometheus.Counter
	requests      *prometheus.CounterVec
	reqLatency    *prometheus.HistogramVec
	storeLatency  *prometheus.HistogramVec
	log           *slog.Logger
}

// New returns the metrics, with the gauges read from g at each scrape and
// the Go runtime's and the process's own metrics. A nil log means
// slog.Default().
func New(g Gauges, log *slog.Logger) *Metrics {
	if log == nil {
		log = slog.Default()
	}
	m := &Metrics{reg: prometheus.NewRegistry(), log: log}
	m.fetches = prometheus.NewCounterVec(prometheus.CounterOpts{Namespace: namespace, Name: "fetches_total",
		Help: "Fetches of feeds and pages stored, by outcome: fetched, not_modified, throttled, missing, failed."}, []string{"outcome"})
	m.fetchLatency = prometheus.NewHistogram(prometheus.HistogramOpts{Namespace: namespace, Name: "fetch_duration_seconds",
		Help: "Time from the start of a fetch to the whole response.", Buckets: latencyBuckets})
	m.fetchBytes = prometheus.NewCounter(prometheus.CounterOpts{Namespace: namespace, Name: "fetch_bytes_total",
		Help: "Response body bytes read by fetches."})
	m.itemsNew = prometheus.NewCounter(prometheus.CounterOpts{Namespace: namespace, Name: "items_stored_total",
		Help: "Items stored for the first time by fetches."})
	m.itemsUpdated = prometheus.NewCounter(prometheus.CounterOpts{Namespace: namespace, Name: "items_updated_total",
		Help: "Stored items whose content a fetch changed."})
	m.storeFailures = prometheus.NewCounter(prometheus.CounterOpts{Namespace: namespace, Name: "fetch_store_failures_total",
		Help: "Fetches that came back but could not be stored (a database error); retried soon, not counted as the feeds' failures."})
	m.requests = prometheus.NewCounterVec(prometheus.CounterOpts{Namespace: namespace, Name: "http_requests_total",
		Help: "HTTP requests answered, by route pattern and status code."}, []string{"route", "code"})
	m.reqLatency = prometheus.NewHistogramVec(prometheus.HistogramOpts{Namespace: namespace, Name: "http_request_duration_seconds",
		Help: "Time to answer an HTTP request, by route pattern.", Buckets: latencyBuckets}, []string{"route"})
	m.storeLatency = prometheus.NewHistogramVec(prometheus.HistogramOpts{Namespace: namespace, Name: "store_operation_duration_seconds",
		Help: "Time of store operations, by operation.", Buckets: storeBuckets}, []string{"op"})
	m.reg.MustRegister(m.fetches, m.fetchLatency, m.fetchBytes, m.itemsNew, m.itemsUpdated, m.storeFailures,
		m.requests, m.reqLatency, m.storeLatency, newGaugeCollector(g, log),
		collectors.NewGoCollector(), collectors.NewProcessCollector(collectors.ProcessCollectorOpts{}))
	return m
}

// Handler serves the metrics in the Prometheus text format.
func (m *Metrics) Handler() http.Handler {
	return promhttp.HandlerFor(m.reg, promhttp.HandlerOpts{ErrorLog: slogPrinter{m.log}, ErrorHandling: promhttp.ContinueOnError})
}

// Request counts one answered HTTP request by its route pattern (as
// http.ServeMux matched it) and status, and how long it took.
func (m *Metrics) Request(route string, status int, d time.Duration) {
	m.requests.WithLabelValues(route, statusCode(status)).Inc()
	m.reqLatency.WithLabelValues(route).Observe(d.Seconds())
}

// slogPrinter passes the exposition's errors to a logger.
type slogPrinter struct{ log *slog.Logger }

// Println logs its arguments as an error.
func (p slogPrinter) Println(v ...any) { p.log.Error("metrics: unable to gather", "err", v) }
