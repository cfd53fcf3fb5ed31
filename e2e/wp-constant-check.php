<?php
/**
 * Checks that the ARSHLINE_SIDECAR_SOCKET constant wins over the option
 * and that the settings field then shows it read-only.
 *
 * Usage: php wp-constant-check.php DOCROOT
 *
 * @package Arshline_Sidecar
 */

define( 'ARSHLINE_SIDECAR_SOCKET', '/run/arshline-constant/arshlined.sock' );
$_SERVER['HTTP_HOST']   = parse_url( getenv( 'E2E_URL' ), PHP_URL_HOST ) . ':' . parse_url( getenv( 'E2E_URL' ), PHP_URL_PORT );
$_SERVER['REQUEST_URI'] = '/';
require $argv[1] . '/wp-load.php';

$failures = array();
if ( '' === (string) get_option( 'arshline_sidecar_socket', '' ) ) {
	$failures[] = 'the option is not set, so the check proves nothing';
}
if ( Arshline_Sidecar_Plugin::socket_path() !== ARSHLINE_SIDECAR_SOCKET ) {
	$failures[] = 'socket_path() is ' . Arshline_Sidecar_Plugin::socket_path();
}
ob_start();
Arshline_Sidecar_Admin::render_socket_field();
$field = ob_get_clean();
if ( false === strpos( $field, "disabled='disabled'" ) || false === strpos( $field, ARSHLINE_SIDECAR_SOCKET ) ) {
	$failures[] = 'the settings field is not read-only with the constant: ' . $field;
}
$result = Arshline_Sidecar_Plugin::client()->call( 'system.health' );
if ( ! is_wp_error( $result ) || 503 !== $result->get_error_data()['status'] ) {
	$failures[] = 'a call did not go to the constant\'s (missing) socket';
}
if ( $failures ) {
	fwrite( STDERR, "constant check: " . implode( '; ', $failures ) . "\n" );
	exit( 1 );
}
echo "constant: ARSHLINE_SIDECAR_SOCKET wins over the option\n";
