<?php
/**
 * The daemon's share of the shortcode: N forms.public calls for the
 * bench's form, each on a new connection and as a respondent, as the
 * first call of a page request makes it. Prints p50/p90/p99.
 *
 * Usage: php forms-public.php SOCKET FORM_ID N
 *
 * @package Arshline_Sidecar
 */

list( , $socket, $form_id, $n ) = $argv;
$plugin = dirname( __DIR__, 2 ) . '/wp-plugin/arshline-sidecar/includes';
require dirname( __DIR__, 2 ) . '/wp-plugin/tests/wp-error-polyfill.php';
require $plugin . '/class-arshline-sidecar-errors.php';
require $plugin . '/class-arshline-sidecar-client.php';

$actor   = array(
	'user_id' => 0,
	'caps'    => array(),
	'locale'  => 'fa_IR',
	'site_id' => 1,
);
$samples = array();
for ( $i = -50; $i < (int) $n; $i++ ) { // The first 50 warm up.
	$t      = hrtime( true );
	$client = new Arshline_Sidecar_Client( $socket );
	$form   = $client->call( 'forms.public', array( 'id' => (int) $form_id ), $actor );
	unset( $client );
	if ( $i >= 0 ) {
		$samples[] = ( hrtime( true ) - $t ) / 1e6;
	}
	if ( is_wp_error( $form ) || empty( $form['form_token'] ) ) {
		fwrite( STDERR, 'forms.public: ' . ( is_wp_error( $form ) ? $form->get_error_message() : 'no form token' ) . "\n" );
		exit( 1 );
	}
}
sort( $samples );
$pct = function ( $p ) use ( $samples ) {
	return $samples[ max( 0, (int) ceil( $p / 100 * count( $samples ) ) - 1 ) ];
};
printf( "forms.public (new connection each) n=%d  p50=%.2f ms  p90=%.2f ms  p99=%.2f ms\n", count( $samples ), $pct( 50 ), $pct( 90 ), $pct( 99 ) );
