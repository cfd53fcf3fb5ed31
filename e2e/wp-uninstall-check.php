<?php
/**
 * Deactivates and uninstalls the plugin through WordPress and checks that
 * its options are gone.
 *
 * Usage: php wp-uninstall-check.php DOCROOT
 *
 * @package Arshline_Sidecar
 */

$_SERVER['HTTP_HOST']   = parse_url( getenv( 'E2E_URL' ), PHP_URL_HOST ) . ':' . parse_url( getenv( 'E2E_URL' ), PHP_URL_PORT );
$_SERVER['REQUEST_URI'] = '/';
require $argv[1] . '/wp-load.php';
require_once ABSPATH . 'wp-admin/includes/plugin.php';
require_once ABSPATH . 'wp-admin/includes/file.php';

$plugin = 'arshline-sidecar/arshline-sidecar.php';
update_option( 'arshline_sidecar_language', 'fa_IR' );
set_transient( 'arshline_sidecar_unavailable', array( 'time' => time() ), 60 );
if ( false === get_option( 'arshline_sidecar_socket' ) ) {
	fwrite( STDERR, "uninstall check: the socket option was never stored\n" );
	exit( 1 );
}
deactivate_plugins( $plugin, true );
if ( is_plugin_active( $plugin ) ) {
	fwrite( STDERR, "uninstall check: still active\n" );
	exit( 1 );
}
uninstall_plugin( $plugin );
$left = array();
foreach ( array( 'arshline_sidecar_socket', 'arshline_sidecar_language' ) as $option ) {
	if ( false !== get_option( $option ) ) {
		$left[] = $option;
	}
}
if ( false !== get_transient( 'arshline_sidecar_unavailable' ) ) {
	$left[] = 'transient arshline_sidecar_unavailable';
}
if ( $left ) {
	fwrite( STDERR, 'uninstall check: left behind: ' . implode( ', ', $left ) . "\n" );
	exit( 1 );
}
echo "uninstall: options and transient removed\n";
