<?php
/**
 * Must-use plugin of the page bench: at the very end of each request,
 * appends "PATH-AND-QUERY MILLISECONDS SHORTCODE-MILLISECONDS CPU-MILLISECONDS"
 * to the file ARSHLINE_BENCH_TIMING names — the server's own time from the
 * request's arrival to the last shutdown hook (the client's wall time
 * would blur it with its own and the loopback's), and of that the time
 * spent inside [arshline_form] (the forms.public call and the rendering),
 * so that the rest of the form's cost (its script and stylesheet tags,
 * the shortcode search) is the difference. CPU-MILLISECONDS is the
 * process's user and system CPU so far: with one worker serving one
 * request at a time, the difference from the request before is this
 * request's CPU, its start-up included.
 *
 * @package Arshline_Sidecar
 */

$GLOBALS['arshline_bench_shortcode'] = array( 0.0, 0.0 ); // Total ms, start.

add_filter(
	'pre_do_shortcode_tag',
	function ( $out, $tag ) {
		if ( 'arshline_form' === $tag ) {
			$GLOBALS['arshline_bench_shortcode'][1] = microtime( true );
		}
		return $out;
	},
	PHP_INT_MAX,
	2
);
add_filter(
	'do_shortcode_tag',
	function ( $out, $tag ) {
		if ( 'arshline_form' === $tag ) {
			$GLOBALS['arshline_bench_shortcode'][0] += ( microtime( true ) - $GLOBALS['arshline_bench_shortcode'][1] ) * 1000;
		}
		return $out;
	},
	PHP_INT_MIN,
	2
);
add_action(
	'shutdown',
	function () {
		if ( ! defined( 'ARSHLINE_BENCH_TIMING' ) || empty( $_SERVER['REQUEST_TIME_FLOAT'] ) ) {
			return;
		}
		$ms  = ( microtime( true ) - (float) $_SERVER['REQUEST_TIME_FLOAT'] ) * 1000;
		$uri = isset( $_SERVER['REQUEST_URI'] ) ? preg_replace( '/\s+/', '', (string) $_SERVER['REQUEST_URI'] ) : '-';
		$ru  = getrusage();
		$cpu = ( $ru['ru_utime.tv_sec'] + $ru['ru_stime.tv_sec'] ) * 1000 + ( $ru['ru_utime.tv_usec'] + $ru['ru_stime.tv_usec'] ) / 1000;
		file_put_contents( ARSHLINE_BENCH_TIMING, sprintf( "%s %.3f %.3f %.3f\n", $uri, $ms, $GLOBALS['arshline_bench_shortcode'][0], $cpu ), FILE_APPEND | LOCK_EX );
	},
	PHP_INT_MAX
);
