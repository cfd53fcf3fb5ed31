<?php
/**
 * Requests the page with the form and the page without it, one request
 * at a time and alternating (so that drift on a shared machine falls on
 * both alike), after a warm-up; then reads the server's own time of each
 * request from the timing file the must-use plugin writes and prints
 * p50/p90/p99 of both and the difference of the p50s.
 *
 * Usage: php requests.php URL WITH_ID WITHOUT_ID TIMING_FILE N
 *
 * @package Arshline_Sidecar
 */

list( , $url, $with, $without, $timing, $n ) = $argv;
$n      = max( 10, (int) $n );
$warmup = min( 50, $n );
$pages  = array(
	'with'    => $url . '/?page_id=' . (int) $with,
	'without' => $url . '/?page_id=' . (int) $without,
);

/**
 * One GET; the body, or exit on anything but a 200.
 *
 * @param string $u URL.
 * @return string
 */
function arshline_bench_get( $u ) {
	static $ch = null;
	if ( null === $ch ) {
		$ch = curl_init();
		curl_setopt_array(
			$ch,
			array(
				CURLOPT_RETURNTRANSFER => true,
				CURLOPT_TIMEOUT        => 30,
				CURLOPT_FOLLOWLOCATION => false,
			)
		);
	}
	curl_setopt( $ch, CURLOPT_URL, $u );
	$body = curl_exec( $ch );
	$code = curl_getinfo( $ch, CURLINFO_RESPONSE_CODE );
	if ( false === $body || 200 !== $code ) {
		fwrite( STDERR, "GET $u: status $code " . curl_error( $ch ) . ' ' . (string) curl_getinfo( $ch, CURLINFO_REDIRECT_URL ) . "\n" );
		exit( 1 );
	}
	return $body;
}

/**
 * Percentile of sorted samples (nearest rank).
 *
 * @param float[] $sorted Samples, ascending.
 * @param float   $p      0..100.
 * @return float
 */
function arshline_bench_pct( array $sorted, $p ) {
	$i = (int) ceil( $p / 100 * count( $sorted ) ) - 1;
	return $sorted[ max( 0, min( count( $sorted ) - 1, $i ) ) ];
}

// The pages must be what they claim: the form on one, nothing of it on the other.
$body = arshline_bench_get( $pages['with'] );
if ( false === strpos( $body, 'class="arshline-form"' ) || false === strpos( $body, 'name="arshline_form_token"' ) ) {
	fwrite( STDERR, "the page with the form does not show it:\n" . substr( $body, 0, 2000 ) . "\n" );
	exit( 1 );
}
if ( false !== strpos( arshline_bench_get( $pages['without'] ), 'arshline' ) ) {
	fwrite( STDERR, "the page without the form mentions the plugin\n" );
	exit( 1 );
}
$fields = preg_match_all( '/class="arshline-field[ "]/', $body );
printf( "page with the form: %d bytes, %d fields\n", strlen( $body ), $fields );

for ( $i = 0; $i < $warmup; $i++ ) {
	arshline_bench_get( $pages['with'] );
	arshline_bench_get( $pages['without'] );
}
file_put_contents( $timing, '' );
$wall = array(
	'with'    => array(),
	'without' => array(),
);
for ( $i = 0; $i < $n; $i++ ) {
	foreach ( 0 === $i % 2 ? array( 'with', 'without' ) : array( 'without', 'with' ) as $k ) {
		$t = hrtime( true );
		arshline_bench_get( $pages[ $k ] );
		$wall[ $k ][] = ( hrtime( true ) - $t ) / 1e6;
	}
}

$server    = array(
	'with'    => array(),
	'without' => array(),
);
$shortcode = array();
foreach ( file( $timing, FILE_IGNORE_NEW_LINES | FILE_SKIP_EMPTY_LINES ) as $line ) {
	list( $uri, $ms, $sc ) = explode( ' ', $line );
	$id = (int) preg_replace( '/^.*page_id=(\d+).*$/', '$1', $uri );
	if ( (int) $with === $id ) {
		$server['with'][] = (float) $ms;
		$shortcode[]      = (float) $sc;
	} elseif ( (int) $without === $id ) {
		$server['without'][] = (float) $ms;
	}
}
$p50 = array();
foreach ( array( 'without', 'with' ) as $k ) {
	if ( count( $server[ $k ] ) !== $n ) {
		fwrite( STDERR, "$k: " . count( $server[ $k ] ) . " server timings for $n requests\n" );
		exit( 1 );
	}
	sort( $server[ $k ] );
	sort( $wall[ $k ] );
	$p50[ $k ] = arshline_bench_pct( $server[ $k ], 50 );
	printf(
		"%-20s n=%d  server p50=%.2f ms  p90=%.2f ms  p99=%.2f ms  (client wall p50=%.2f ms)\n",
		'with' === $k ? 'with the form' : 'without the form',
		$n,
		$p50[ $k ],
		arshline_bench_pct( $server[ $k ], 90 ),
		arshline_bench_pct( $server[ $k ], 99 ),
		arshline_bench_pct( $wall[ $k ], 50 )
	);
}
sort( $shortcode );
printf(
	"inside [arshline_form] (forms.public and rendering): p50=%.2f ms  p90=%.2f ms  p99=%.2f ms\n",
	arshline_bench_pct( $shortcode, 50 ),
	arshline_bench_pct( $shortcode, 90 ),
	arshline_bench_pct( $shortcode, 99 )
);
printf( "the form's cost: p50 %+.2f ms (target <= 10 ms)\n", $p50['with'] - $p50['without'] );
