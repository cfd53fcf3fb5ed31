<?php
/**
 * Must-use plugin of the page bench: at the very end of each request,
 * appends "PATH-AND-QUERY MILLISECONDS SHORTCODE-MILLISECONDS" to the
 * file ARSHLINE_BENCH_TIMING names — the server's own time from the
 * request's arrival to the last shutdown hook (the client's wall time
 * would blur it with its own and the loopback's), and of that the time
 * spent inside [arshline_form] (the forms.public call and the rendering),
 * so that the rest of the form's cost (its script and stylesheet tags,
 * the shortcode search, the no-cache headers) is the difference.
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
		file_put_contents( ARSHLINE_BENCH_TIMING, sprintf( "%s %.3f %.3f\n", $uri, $ms, $GLOBALS['arshline_bench_shortcode'][0] ), FILE_APPEND | LOCK_EX );
	},
	PHP_INT_MAX
);
