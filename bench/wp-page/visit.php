<?php
/**
 * What one visitor's visit costs the server: the page with the form, the
 * GET of a fresh form token (the public script makes it only when the
 * printed token is stale or refused, so it is measured apart), and the
 * POST of a submission through the public REST route — and, beside them,
 * the same page without the form. One request at a time, after a warm-up;
 * the server's time and CPU of each request come from the timing file the
 * must-use plugin writes. Prints each request's p50 time and mean CPU,
 * and a visit's CPU before (page + token + send) and after (page + send).
 *
 * Usage: php visit.php URL WITH_ID WITHOUT_ID TIMING_FILE N
 *
 * @package Arshline_Sidecar
 */

list( , $url, $with, $without, $timing, $n ) = $argv;
$n      = max( 10, (int) $n );
$warmup = min( 20, $n );

/**
 * One request; the status and body.
 *
 * @param string      $u    URL.
 * @param string|null $json A JSON body to POST.
 * @return array status, body
 */
function arshline_visit_request( $u, $json = null ) {
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
	if ( null === $json ) {
		curl_setopt( $ch, CURLOPT_HTTPGET, true );
		curl_setopt( $ch, CURLOPT_HTTPHEADER, array() );
	} else {
		curl_setopt( $ch, CURLOPT_POST, true );
		curl_setopt( $ch, CURLOPT_POSTFIELDS, $json );
		curl_setopt( $ch, CURLOPT_HTTPHEADER, array( 'Content-Type: application/json' ) );
	}
	$body = curl_exec( $ch );
	return array( (int) curl_getinfo( $ch, CURLINFO_RESPONSE_CODE ), (string) $body );
}

/**
 * One visit: the page, the token GET, the send.
 *
 * @param string $url  Site URL.
 * @param string $page The page's URL.
 * @param int    $i    Visit number (the answers and the idempotency key).
 */
function arshline_visit( $url, $page, $i ) {
	list( $status, $body ) = arshline_visit_request( $page );
	if ( 200 !== $status || ! preg_match( '/name="arshline_submit" value="([A-Za-z0-9_-]+)"/', $body, $t ) || ! preg_match( '/name="arshline_form_token" value="([A-Za-z0-9_-]+)"/', $body, $f ) ) {
		fwrite( STDERR, "the page ($status) shows no form\n" );
		exit( 1 );
	}
	$route = $url . '/index.php?rest_route=' . rawurlencode( '/arshline/v1/public/forms/' . $t[1] );
	list( $status ) = arshline_visit_request( $route );
	if ( 200 !== $status ) {
		fwrite( STDERR, "the token GET answered $status\n" );
		exit( 1 );
	}
	$send = array(
		'answers'         => array(
			'name'   => 'بازدیدکننده ' . $i,
			'mobile' => '0912' . str_pad( (string) ( $i % 10000000 ), 7, '0', STR_PAD_LEFT ),
		),
		'form_token'      => $f[1],
		'idempotency_key' => 'visit-' . $i . '-' . bin2hex( random_bytes( 4 ) ),
	);
	list( $status, $body ) = arshline_visit_request( $route . '/submissions', json_encode( $send, JSON_UNESCAPED_UNICODE ) );
	if ( 201 !== $status ) {
		fwrite( STDERR, "the send answered $status: " . substr( $body, 0, 500 ) . "\n" );
		exit( 1 );
	}
}

$pages = array(
	'with'    => $url . '/?page_id=' . (int) $with,
	'without' => $url . '/?page_id=' . (int) $without,
);
for ( $i = 0; $i < $warmup; $i++ ) {
	arshline_visit( $url, $pages['with'], 5000000 + $i );
	arshline_visit_request( $pages['without'] );
}
file_put_contents( $timing, '' );
for ( $i = 0; $i < $n; $i++ ) {
	arshline_visit( $url, $pages['with'], $i );
	arshline_visit_request( $pages['without'] );
}

$kinds = array(
	'page with the form'    => array(),
	'page without the form' => array(),
	'token GET'             => array(),
	'send (REST POST)'      => array(),
);
$cpu   = $kinds;
$last  = null;
foreach ( file( $timing, FILE_IGNORE_NEW_LINES | FILE_SKIP_EMPTY_LINES ) as $line ) {
	$parts = explode( ' ', $line );
	if ( count( $parts ) < 4 ) {
		continue;
	}
	list( $uri, $ms, , $cum ) = $parts;
	$uri = rawurldecode( $uri );
	if ( false !== strpos( $uri, 'page_id=' . (int) $with ) ) {
		$kind = 'page with the form';
	} elseif ( false !== strpos( $uri, 'page_id=' . (int) $without ) ) {
		$kind = 'page without the form';
	} elseif ( preg_match( '#/public/forms/[A-Za-z0-9_-]+/submissions#', $uri ) ) {
		$kind = 'send (REST POST)';
	} elseif ( preg_match( '#/public/forms/[A-Za-z0-9_-]+$#', $uri ) ) {
		$kind = 'token GET';
	} else {
		continue;
	}
	$kinds[ $kind ][] = (float) $ms;
	if ( null !== $last ) {
		$cpu[ $kind ][] = (float) $cum - $last;
	}
	$last = (float) $cum;
}
$mean = array();
foreach ( $kinds as $kind => $times ) {
	if ( count( $times ) < $n ) {
		fwrite( STDERR, "$kind: " . count( $times ) . " timings for $n visits\n" );
		exit( 1 );
	}
	sort( $times );
	$mean[ $kind ] = array_sum( $cpu[ $kind ] ) / max( 1, count( $cpu[ $kind ] ) );
	printf( "%-22s n=%d  server p50=%.2f ms  CPU mean=%.2f ms\n", $kind, count( $times ), $times[ (int) floor( count( $times ) / 2 ) ], $mean[ $kind ] );
}
$before = $mean['page with the form'] + $mean['token GET'] + $mean['send (REST POST)'];
$after  = $mean['page with the form'] + $mean['send (REST POST)'];
printf( "a visit's server CPU: before (page + token + send) %.2f ms, after (page + send) %.2f ms: %.2f× (the page alone without a form: %.2f ms)\n", $before, $after, $after / $before, $mean['page without the form'] );
